package dev.marketplace.common.paging;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import jakarta.ws.rs.core.UriInfo;

/** The paged envelope of every list: links (self, next, prev), content and page. Page numbers are zero-based. */
public record PagedResponse<T>(List<Link> links, List<T> content, PageInfo page) {

    public static <T> PagedResponse<T> of(List<T> content, PageRequest request, long totalElements, UriInfo uri) {
        return of(content, request, Total.exact(totalElements), uri);
    }

    /** With a total that may be a lower bound ({@link Total#capped()}): then a full page always links to the next. */
    public static <T> PagedResponse<T> of(List<T> content, PageRequest request, Total total, UriInfo uri) {
        long totalElements = total.count();
        int totalPages = request.size() == 0 ? 0 : (int) ((totalElements + request.size() - 1) / request.size());
        if (total.capped()) {
            totalPages = Math.max(totalPages, request.page() + (content.size() == request.size() ? 2 : 1));
        }
        List<Link> links = new ArrayList<>(3);
        if (uri != null) {
            links.add(new Link("self", uri.getRequestUriBuilder().build().toString()));
            if (request.page() + 1 < totalPages) {
                links.add(new Link("next", uri.getRequestUriBuilder().replaceQueryParam("page", request.page() + 1).build().toString()));
            }
            if (request.page() > 0) {
                links.add(new Link("prev", uri.getRequestUriBuilder()
                        .replaceQueryParam("page", Math.min(request.page() - 1, Math.max(totalPages - 1, 0))).build().toString()));
            }
        }
        return new PagedResponse<>(links, content, new PageInfo(request.size(), totalElements, totalPages, request.page(),
                total.capped() ? Boolean.TRUE : null));
    }

    public <R> PagedResponse<R> map(Function<T, R> mapper) {
        return new PagedResponse<>(links, content.stream().map(mapper).toList(), page);
    }
}
