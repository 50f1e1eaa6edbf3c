package io.navpack.format;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link RecordPointer}: every field, nested record and list element it reaches reads as a view reads it, whether found
 * one at a time or in one pass ({@link RecordPointer#scan}); damaged bytes give {@link NavpackFormatException} (or read
 * as a view reads them) and nothing else.
 */
class RecordPointerTest {
    private final Navpack navpack = Navpack.of(Order.class);

    private static Object comparable(Object v) {
        return v instanceof PackedRecord p ? p.toMap() : v instanceof int[] a ? Arrays.toString(a)
                : v instanceof Object[] a ? Arrays.asList(a) : v;
    }

    /** Every value a pointer reaches in {@code r}: top-level fields, then the customer's and its address's, then the lines'. */
    private static List<Object> throughPointer(PackedRecord r, boolean scan) {
        List<Object> out = new ArrayList<>();
        RecordPointer top = new RecordPointer();
        Schema s = top.open(r);
        if (scan) {
            top.scan(s.fieldCount() - 1);
        }
        for (int i = 0; i < s.fieldCount(); i++) {
            Object v = top.get(i);
            out.add(comparable(v));
        }
        RecordPointer customer = new RecordPointer();
        if (customer.enter(top, s.indexOf("customer")) != null) {
            out.add(customer.get(0));
            RecordPointer address = new RecordPointer();
            if (address.enter(customer, customer.schema().indexOf("address")) != null) {
                out.add(address.get(0));
                out.add(address.get(1));
            }
        }
        RecordPointer.Elements lines = new RecordPointer.Elements();
        int n = lines.open(top, s.indexOf("lines"));
        out.add(n);
        RecordPointer line = new RecordPointer();
        while (lines.next()) {
            if (lines.isNull()) {
                out.add(null);
            } else {
                line.enter(lines);
                out.add(line.get(0) + "/" + line.get(1) + "/" + line.get(2));
            }
        }
        return out;
    }

    private static List<Object> throughView(PackedRecord r) {
        List<Object> out = new ArrayList<>();
        Schema s = r.schema();
        for (int i = 0; i < s.fieldCount(); i++) {
            Object v = r.get(i);
            out.add(comparable(v));
        }
        PackedRecord customer = r.getRecord(s.indexOf("customer"));
        if (customer != null) {
            out.add(customer.get(0));
            PackedRecord address = customer.getRecord(customer.schema().indexOf("address"));
            if (address != null) {
                out.add(address.get(0));
                out.add(address.get(1));
            }
        }
        @SuppressWarnings("unchecked")
        List<Object> lines = (List<Object>) r.get(s.indexOf("lines"));
        out.add(lines == null ? -1 : lines.size());
        if (lines != null) {
            for (Object l : lines) {
                out.add(l == null ? null : ((PackedRecord) l).get(0) + "/" + ((PackedRecord) l).get(1) + "/"
                        + ((PackedRecord) l).get(2));
            }
        }
        return out;
    }

    @Test
    void aPointerReadsWhatAViewReadsFieldByFieldAndInOnePass() {
        for (Order o : Orders.generate(500, 31)) {
            PackedRecord r = navpack.view(navpack.encode(o));
            List<Object> expected = throughView(r);
            assertThat(throughPointer(r, false)).isEqualTo(expected);
            assertThat(throughPointer(r, true)).isEqualTo(expected);
            // the same bytes at an offset in a larger array, opened without a view
            byte[] b = navpack.encode(o);
            byte[] padded = new byte[b.length + 7];
            System.arraycopy(b, 0, padded, 3, b.length);
            RecordPointer p = new RecordPointer();
            p.open(padded, 3, b.length, navpack.registry());
            p.scan(4);
            assertThat(p.get(1)).isEqualTo(o.status());
            assertThat(p.view()).isEqualTo(r);
        }
    }

    @Test
    void aPointerRefusesWhatIsNotARecordOrAList() {
        PackedRecord r = navpack.view(navpack.encode(Orders.generate(1, 5).get(0)));
        RecordPointer top = new RecordPointer();
        top.open(r);
        assertThatThrownBy(() -> new RecordPointer().enter(top, r.schema().indexOf("status")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a record");
        assertThatThrownBy(() -> new RecordPointer.Elements().open(top, r.schema().indexOf("customer")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a list");
    }

    @Test
    void damagedBytesGiveAFormatErrorOrReadAsAViewReadsThem() {
        Random random = new Random(3);
        int failures = 0;
        for (Order o : Orders.generate(300, 41)) {
            byte[] b = navpack.encode(o);
            for (int k = 0; k < 8; k++) {
                byte[] d = b.clone();
                d[random.nextInt(d.length)] ^= (byte) (1 + random.nextInt(255));
                byte[] cut = random.nextBoolean() ? d : Arrays.copyOf(d, random.nextInt(d.length));
                Object viewResult;
                try {
                    viewResult = throughView(navpack.view(cut));
                } catch (NavpackException | IllegalArgumentException e) {
                    viewResult = null;
                }
                try {
                    List<Object> read = throughPointer(navpack.view(cut), true);
                    if (viewResult != null) {
                        assertThat(read).isEqualTo(viewResult);
                    }
                } catch (NavpackException | IllegalArgumentException e) {
                    failures++;
                }
            }
        }
        assertThat(failures).as("damaged values refused").isPositive();
    }
}
