package dev.marketplace.common.error;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletionException;

import org.hibernate.StaleObjectStateException;
import org.junit.jupiter.api.Test;

import jakarta.persistence.OptimisticLockException;

/** An optimistic-lock failure is told apart however it is wrapped (it is answered 409, no longer 500). */
class ConcurrentUpdateTest {
    @Test
    void hibernatesStaleStateAndJpasOptimisticLockAreConcurrentUpdates() {
        StaleObjectStateException stale = new StaleObjectStateException("dev.marketplace.account.company.domain.Company", "c-1");
        assertTrue(ApiExceptionMappers.isConcurrentUpdate(stale));
        assertTrue(ApiExceptionMappers.isConcurrentUpdate(new CompletionException(new RuntimeException(stale))));
        assertTrue(ApiExceptionMappers.isConcurrentUpdate(new OptimisticLockException("changed")));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(ApiExceptionMappers.isConcurrentUpdate(new IllegalStateException("boom")));
        assertFalse(ApiExceptionMappers.isConcurrentUpdate(new CompletionException(new java.sql.SQLException("23505"))));
    }
}
