package dev.marketplace.common.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class SqlFilterTest {

    private static SqlFilter scoped() {
        return SqlFilter.scope("g.company_uuid = ?", "c");
    }

    @Test
    void aTermOfSeveralWordsAsksTheIndexForEachWordAndMatchesItWhole() {
        SqlFilter f = scoped().andContains("g.search_text", " Lomemu Support ");
        assertEquals("(g.company_uuid = ?1) and (g.search_text like ?2 and g.search_text like ?3"
                + " and strpos(g.search_text, ?4) > 0)", f.where());
        assertEquals(List.of("c", "%lomemu%", "%support%", "lomemu support"), f.params());
        assertTrue(f.narrowed());

        SqlFilter email = scoped().andContains("i.sort_email", "jokipa.hulomi5123457");
        assertEquals(List.of("c", "%jokipa%", "%hulomi5123457%", "jokipa.hulomi5123457"), email.params());
    }

    @Test
    void wordsShorterThanThreeCharactersAreLeftToTheWholeMatch() {
        // wildcards are letters of the term in strpos, never patterns
        SqlFilter f = scoped().andContains("c.sort_name", "a_b 50% Fapagu");
        assertEquals("(g.company_uuid = ?1) and (c.sort_name like ?2 and strpos(c.sort_name, ?3) > 0)", f.where());
        assertEquals(List.of("c", "%fapagu%", "a_b 50% fapagu"), f.params());
    }

    @Test
    void aTermOfOneWordOrOfNoLongWordIsThePlainEscapedLike() {
        assertEquals("(g.company_uuid = ?1) and (c.sort_name like ?2 escape '\\')",
                scoped().andContains("c.sort_name", "Fapagu").where());
        SqlFilter shortWords = scoped().andContains("c.sort_name", "a_b%");
        assertEquals("(g.company_uuid = ?1) and (c.sort_name like ?2 escape '\\')", shortWords.where());
        assertEquals(List.of("c", "%a\\_b\\%%"), shortWords.params());
    }

    @Test
    void aCommonWordIsLeftToTheWholeMatchWhileARarerWordGoesToTheIndex() {
        // a sample of 100 group names: every eighth names the support department, "lomemu" is in none
        List<Object[]> sample = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sample.add(new Object[] {"word" + i + (i % 8 == 0 ? " support " : " sales ") + i, null, 1.0});
        }
        CommonWords common = CommonWords.fromStatistics(sample);

        SqlFilter f = scoped().andContains("g.search_text", "Lomemu Support", common);
        assertEquals("(g.company_uuid = ?1) and (g.search_text like ?2 and strpos(g.search_text, ?3) > 0)", f.where());
        assertEquals(List.of("c", "%lomemu%", "lomemu support"), f.params());

        // when every word is common, the index intersects them all
        SqlFilter both = scoped().andContains("g.search_text", "sales support", common);
        assertEquals(List.of("c", "%sales%", "%support%", "sales support"), both.params());
        assertFalse(both.rareText());
        assertTrue(f.rareText());
    }

    @Test
    void aRareTextIsFoundBeforeItIsOrderedAndAnythingElseIsOrderedByTheIndex() {
        List<Object[]> sample = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sample.add(new Object[] {"word" + i + (i % 8 == 0 ? " support" : " sales"), null, 1.0});
        }
        CommonWords common = CommonWords.fromStatistics(sample);
        PageRequest second = PageRequest.of(1, 50, 50);

        SqlFilter rare = scoped().andContains("g.search_text", "Lomemu", common);
        assertTrue(rare.rareText());
        assertEquals("select g.uuid from (select * from company_group g where (g.company_uuid = ?1)"
                + " and (g.search_text like ?2 escape '\\') offset 0) g order by g.created_on desc, g.uuid desc"
                + " offset 50 limit 50",
                ListQueries.pageSql("company_group g", "g.uuid", rare, "g.created_on desc, g.uuid desc", second));

        for (SqlFilter ordered : List.of(scoped(), scoped().and("g.name = ?", "x"),
                scoped().andContains("g.search_text", "support", common), scoped().andContains("g.search_text", "ab", common))) {
            assertFalse(ordered.rareText(), ordered.where());
            assertEquals("select g.uuid from company_group g where " + ordered.where()
                    + " order by g.created_on desc, g.uuid desc offset 50 limit 50",
                    ListQueries.pageSql("company_group g", "g.uuid", ordered, "g.created_on desc, g.uuid desc", second));
        }
    }

    @Test
    void aTextClauseAListWritesItselfIsRareWhenAWordOfItsTermIsNotCommon() {
        CommonWords common = incEverywhere();
        String clause = "lower(c.name) like ? or lower(c.external_id) like ?";

        SqlFilter rare = scoped().andText("Fapagu Inc", common, clause, "%fapagu inc%", "%fapagu inc%");
        assertTrue(rare.rareText());
        assertTrue(rare.narrowed());
        assertEquals("(g.company_uuid = ?1) and (lower(c.name) like ?2 or lower(c.external_id) like ?3)", rare.where());
        assertFalse(scoped().andText("Inc", common, clause, "%inc%", "%inc%").rareText());
        assertFalse(scoped().andText("a b", common, clause, "%a b%", "%a b%").rareText());
    }

    @Test
    void aTermLookedForInSeveralColumnsAsksEachColumnsIndexForItsWords() {
        CommonWords common = incEverywhere();

        SqlFilter f = scoped().andContainsAny(common, "Fapagu Inc", "lower(c.name)", "lower(c.external_id)");
        assertEquals("(g.company_uuid = ?1) and ((lower(c.name) like ?2 and strpos(lower(c.name), ?3) > 0)"
                + " or (lower(c.external_id) like ?4 and strpos(lower(c.external_id), ?5) > 0))", f.where());
        assertEquals(List.of("c", "%fapagu%", "fapagu inc", "%fapagu%", "fapagu inc"), f.params());
        assertTrue(f.rareText());
        assertFalse(scoped().andContainsAny(common, "Inc", "lower(c.name)", "lower(c.external_id)").rareText());

        SqlFilter.Condition name = SqlFilter.containsCondition("lower(c.name)", "Fapagu", common);
        assertEquals("lower(c.name) like ? escape '\\'", name.clause());
        assertEquals(List.of("%fapagu%"), name.values());
    }

    /** A sample where every name ends in "inc" (common) and each other word is one value's (not common). */
    private static CommonWords incEverywhere() {
        List<Object[]> sample = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            sample.add(new Object[] {"word" + i + " inc", null, 1.0});
        }
        return CommonWords.fromStatistics(sample);
    }
}
