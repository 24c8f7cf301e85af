package dev.marketplace.common.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class CommonWordsTest {

    @Test
    void aWordsFrequencyAddsItsMostCommonValuesAndItsShareOfTheHistogram() {
        List<Object[]> rows = new ArrayList<>();
        // two most common values (30 % and 10 % of rows); the histogram stands for the other 60 %
        rows.add(new Object[] {"Acme Support", 0.3f, 0.6});
        rows.add(new Object[] {"Globex Sales", 0.1f, 0.6});
        for (int i = 0; i < 10; i++) {
            rows.add(new Object[] {"company " + i + (i < 2 ? " support" : ""), null, 0.6});
        }
        CommonWords words = CommonWords.fromStatistics(rows);

        assertEquals(0.3 + 0.6 * 2 / 10, words.frequency("support"), 1e-6);
        assertEquals(0.1, words.frequency("globex"), 1e-6);
        assertEquals(0.0, words.frequency("lomemu"), 1e-6);
        assertTrue(words.isCommon("support"));
        assertFalse(words.isCommon("lomemu"));
    }

    @Test
    void aWordInOneOrTwoOfTheDefaultHistogramsValuesIsNotCommon() {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            rows.add(new Object[] {(i < 2 ? "rare " : "name ") + i, null, 1.0});
        }
        CommonWords words = CommonWords.fromStatistics(rows);
        assertFalse(words.isCommon("rare"));
        assertTrue(words.isCommon("name"));
    }

    @Test
    void aColumnWithoutStatisticsKnowsNoCommonWord() {
        assertFalse(CommonWords.fromStatistics(List.of()).isCommon("support"));
        assertFalse(CommonWords.NONE.isCommon("support"));
    }

    @Test
    void aFilterOverTwoColumnsFindsAWordCommonIfEitherSampleDoes() {
        List<Object[]> names = new ArrayList<>();
        List<Object[]> externalIds = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            names.add(new Object[] {"word" + i + " inc", null, 1.0});
            externalIds.add(new Object[] {"ext-" + i, null, 1.0});
        }
        CommonWords both = CommonWords.fromStatistics(names).or(CommonWords.fromStatistics(externalIds));
        assertTrue(both.isCommon("inc"));
        assertTrue(both.isCommon("ext"));
        assertFalse(both.isCommon("lomemu"));
        assertTrue(CommonWords.NONE.or(CommonWords.NONE).or(CommonWords.fromStatistics(externalIds)).isCommon("ext"));
    }
}
