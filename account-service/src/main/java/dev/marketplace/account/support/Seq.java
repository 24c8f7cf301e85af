package dev.marketplace.account.support;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.smallrye.mutiny.Uni;

/** Runs reactive steps one after another: a reactive session must never run two operations at once. */
public final class Seq {
    private Seq() {
    }

    public static <T> Uni<Void> each(Iterable<T> items, Function<T, Uni<?>> step) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (T item : items) {
            chain = chain.call(() -> step.apply(item)).replaceWithVoid();
        }
        return chain;
    }

    public static <T, R> Uni<List<R>> map(List<T> items, Function<T, Uni<R>> step) {
        List<R> out = new ArrayList<>(items.size());
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (T item : items) {
            chain = chain.chain(() -> step.apply(item)).invoke(out::add).replaceWithVoid();
        }
        return chain.map(v -> out);
    }
}
