package io.navpack.bench;

import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import io.navpack.bench.codec.PofCodec;
import io.navpack.bench.grid.GridRecords;
import io.navpack.bench.grid.PofEntry;
import io.navpack.extract.NavpackExtractor;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The extractor grid reads the same values through every reader, and its k and positions are what the page says. */
class GridRecordsTest {
    @Test
    void navpackExtractorsAndPofExtractorGiveTheSameValues() {
        ConfigurablePofContext pof = PofCodec.newContext();
        Binary key = ExternalizableHelper.toBinary(1L, pof);
        for (int n : GridRecords.FIELD_COUNTS) {
            SchemaRegistry registry = new SchemaRegistry();
            byte[][] navpack = GridRecords.navpack(n, registry);
            Binary[] binaries = GridRecords.pof(n, pof);
            Object[][] values = GridRecords.values(n);
            for (int r = 0; r < GridRecords.RECORDS; r++) {
                PackedRecord record = PackedRecord.of(navpack[r], registry);
                PofEntry entry = new PofEntry(key, binaries[r], pof);
                for (int i = 0; i < n; i++) {
                    Object expected = values[r][i];
                    for (NavpackExtractor x : List.of(new NavpackExtractor.Partial(), new NavpackExtractor.Full(),
                            new NavpackExtractor())) {
                        List<Object> got = new ArrayList<>();
                        x.extract(record, GridRecords.name(i), got::add);
                        assertThat(got).containsExactly(expected);
                    }
                    Object fromPof = GridRecords.pofExtractor(i).extractFromEntry(entry);
                    if (fromPof instanceof Date) {
                        // POF gives dates as java.util.Date at midnight in the JVM's time zone
                        fromPof = ((Date) fromPof).toInstant().atZone(ZoneId.systemDefault()).toLocalDate();
                    }
                    assertThat(fromPof).as("POF field %d of %d", i, n).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void kValuesAndPositions() {
        assertThat(GridRecords.ks(5)).containsExactly(1, 2, 3, 4, 5);
        assertThat(GridRecords.ks(50)).containsExactly(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 50);
        assertThat(GridRecords.ks(200)).hasSize(15).endsWith(128, 200);
        int points = 0;
        for (int n : GridRecords.FIELD_COUNTS) {
            points += GridRecords.ks(n).size() * GridRecords.PATTERNS.size();
            for (int k : GridRecords.ks(n)) {
                assertThat(GridRecords.positions(n, k, "first")).startsWith(0).hasSize(k);
                assertThat(GridRecords.positions(n, k, "last")).endsWith(n - 1).hasSize(k);
                int[] random = GridRecords.positions(n, k, "random");
                Set<Integer> distinct = new HashSet<>();
                for (int p : random) {
                    assertThat(p).isBetween(0, n - 1);
                    distinct.add(p);
                }
                assertThat(distinct).hasSize(k);
                assertThat(GridRecords.positions(n, k, "random")).containsExactly(random);
            }
        }
        assertThat(points).isEqualTo(159);
        assertThat(GridRecords.values(20)[0][2]).isInstanceOf(BigDecimal.class);
        assertThat(GridRecords.values(20)[0][3]).isInstanceOf(LocalDate.class);
    }
}
