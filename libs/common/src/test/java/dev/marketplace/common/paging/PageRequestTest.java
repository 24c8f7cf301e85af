package dev.marketplace.common.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.error.ApiException;

/** page x size used to overflow an int (a negative offset reached the database: 500); it is a 400 naming page. */
class PageRequestTest {

    @Test
    void pageTimesSizeBeyondTheDeepestRowIsA400NamingPageNeverAnOverflow() {
        for (String[] pageAndSize : new String[][] { { "2147483647", "1000" }, { "2147483647", "2" }, { "4294968", "1000" },
                { "100001", "1" }, { "2001", "50" }, { "10000", "50" } }) {
            ApiException refused = assertThrows(ApiException.class, () -> PageRequest.of(pageAndSize[0], pageAndSize[1], 20));
            assertEquals(400, refused.status());
            assertEquals("INVALID_FIELD", refused.code());
            assertEquals(true, refused.getMessage().startsWith("page: "), refused.getMessage());
        }
        ApiException tooBig = assertThrows(ApiException.class, () -> PageRequest.of("0", "2147483648", 20));
        assertEquals(400, tooBig.status());
        assertEquals(true, tooBig.getMessage().startsWith("size: "), tooBig.getMessage());
    }

    @Test
    void theDeepestAllowedPageStillHasAPositiveOffset() {
        PageRequest deepest = PageRequest.of("100", "1000", 20);
        assertEquals(100_000, deepest.offset());
        assertEquals(100_000, PageRequest.of("2000", "50", 20).offset());
        assertEquals(0, PageRequest.of((String) null, null, 20).offset());
    }
}
