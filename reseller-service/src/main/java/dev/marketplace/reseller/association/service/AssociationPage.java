package dev.marketplace.reseller.association.service;

import java.util.List;

import dev.marketplace.common.paging.PageInfo;

/** The associations listing: {@code content} and {@code page}, without links (AppDirect's paged read response). */
public record AssociationPage(List<AssociationView> content, PageInfo page) {
}
