package io.navpack.json;

import com.acme.trading.Leg;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonWriterTest {

    private static Map<String, Object> sample() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", 5);
        m.put("date", LocalDate.of(2020, 1, 2));
        m.put("none", null);
        m.put("empty", Map.of());
        m.put("list", List.of(Map.of("a", 1), List.of()));
        m.put("ints", new int[] {1, 2});
        return m;
    }

    @Test
    void compactHasNoWhiteSpace() {
        assertThat(JsonWriter.compact(sample())).isEqualTo(
                "{\"id\":5,\"date\":\"2020-01-02\",\"none\":null,\"empty\":{},\"list\":[{\"a\":1},[]],\"ints\":[1,2]}");
    }

    @Test
    void indentedPutsMembersOnLinesAndKeepsArraysOnOne() {
        assertThat(JsonWriter.indented(sample())).isEqualTo("{\n"
                + "  \"id\": 5,\n"
                + "  \"date\": \"2020-01-02\",\n"
                + "  \"none\": null,\n"
                + "  \"empty\": {},\n"
                + "  \"list\": [{\n"
                + "    \"a\": 1\n"
                + "  }, []],\n"
                + "  \"ints\": [1, 2]\n"
                + "}");
        assertThat(JsonWriter.indented(List.of(Map.of("a", 1), Map.of("a", 2))))
                .isEqualTo("[{\n  \"a\": 1\n}, {\n  \"a\": 2\n}]");
    }

    @Test
    void numbersStringsAndBytes() {
        assertThat(JsonWriter.compact(Arrays.asList(new BigDecimal("1E+3"), new BigDecimal("1.50"),
                new BigInteger("123456789012345678901234567890"), Double.NaN, Float.NEGATIVE_INFINITY, 2.5, 1.5f,
                Long.MIN_VALUE, true, 'c', new byte[] {1, (byte) 0xAB}, "a\"b\\c\n\r\t\u0001")))
                .isEqualTo("[1000,1.50,123456789012345678901234567890,\"NaN\",\"-Infinity\",2.5,1.5,"
                        + "-9223372036854775808,true,\"c\",\"01ab\",\"a\\\"b\\\\c\\n\\r\\t\\u0001\"]");
        assertThat(JsonWriter.compact(null)).isEqualTo("null");
    }

    @Test
    void recordsAreObjectsOfTheirFieldsInSchemaOrder() {
        Navpack navpack = Navpack.of(Leg.class);
        Leg inner = new Leg("B", BigDecimal.TEN, List.of(), null);
        PackedRecord r = navpack.view(navpack.encode(new Leg("A", new BigDecimal("1.50"), List.of(), inner)));
        assertThat(JsonWriter.compact(r)).isEqualTo("{\"payer\":\"A\",\"notional\":1.50,\"periods\":[],"
                + "\"next\":{\"payer\":\"B\",\"notional\":10,\"periods\":[],\"next\":null}}");
    }

    @Test
    void streamingAndRawValues() {
        JsonWriter j = JsonWriter.compact().beginObject();
        j.name("a").beginArray().value(1).rawValue("2.0000").beginObject().endObject().endArray();
        j.name("json").rawValue("{\"x\":[1]}");
        assertThat(j.endObject().toString()).isEqualTo("{\"a\":[1,2.0000,{}],\"json\":{\"x\":[1]}}");
    }

    @Test
    void refusesValuesNestedTooDeep() {
        List<Object> deep = new ArrayList<>();
        List<Object> inner = deep;
        for (int i = 0; i < JsonWriter.MAX_DEPTH; i++) {
            List<Object> next = new ArrayList<>();
            inner.add(next);
            inner = next;
        }
        assertThat(JsonWriter.compact(deep)).startsWith("[[[").endsWith("]]]");
        inner.add(List.of());
        assertThatThrownBy(() -> JsonWriter.compact(deep)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value nested deeper than 64 levels");
    }
}
