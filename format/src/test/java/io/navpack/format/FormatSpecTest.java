package io.navpack.format;

import io.navpack.format.spi.Hex;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The test vectors and the size table of docs/format.md, read from the document itself. */
class FormatSpecTest {
    private static final Pattern TRADE_ROW = Pattern.compile("^\\| (\\d+) \\| (\\d+) \\| (\\d+) \\| `([0-9a-f]+)` \\|$");
    private static final Pattern VALUE_ROW = Pattern.compile("^\\| ([a-z_]+) \\| `([^`]*)` \\| `([0-9a-f]+)` \\|$");
    private static final Pattern AVERAGE = Pattern.compile("Average: \\*\\*([0-9.]+) bytes\\*\\* navpack, \\*\\*([0-9.]+) bytes\\*\\* Java");

    private static List<String> spec() throws IOException {
        Path doc = Path.of(System.getProperty("basedir", "."), "..", "docs", "format.md");
        return Files.readAllLines(doc);
    }

    private static int javaSerializedSize(Object o) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
            out.writeObject(o);
        }
        return bos.size();
    }

    @Test
    void seedTradeVectorsAndSizes() throws IOException {
        Navpack navpack = Navpack.of(Trade.class);
        List<Trade> trades = SeedTrades.load();
        int rows = 0;
        int total = 0;
        int javaTotal = 0;
        for (String line : spec()) {
            Matcher m = TRADE_ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Trade t = trades.get(Integer.parseInt(m.group(1)) - 1);
            byte[] bytes = navpack.encode(t);
            assertThat(Hex.of(bytes)).as("trade %s", t.id()).isEqualTo(m.group(4));
            assertThat(bytes.length).isEqualTo(Integer.parseInt(m.group(2)));
            assertThat(javaSerializedSize(t)).isEqualTo(Integer.parseInt(m.group(3)));
            assertThat(navpack.decode(Hex.parse(m.group(4)), Trade.class)).isEqualTo(t);
            total += bytes.length;
            javaTotal += javaSerializedSize(t);
            rows++;
        }
        assertThat(rows).isEqualTo(10);
        double average = total / 10.0;
        assertThat(average).as("average bytes per seed trade, header included").isLessThanOrEqualTo(36.0);
        Matcher avg = spec().stream().map(AVERAGE::matcher).filter(Matcher::find).findFirst().orElseThrow();
        assertThat(Double.parseDouble(avg.group(1))).isEqualTo(average);
        assertThat(Double.parseDouble(avg.group(2))).isEqualTo(javaTotal / 10.0);
    }

    @Test
    void singleValueVectors() throws IOException {
        List<String> checked = new ArrayList<>();
        PackedWriter w = new PackedWriter(32);
        for (String line : spec()) {
            Matcher m = VALUE_ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Kind kind = Kind.valueOf(m.group(1).toUpperCase(Locale.ROOT));
            Object value = parse(kind, m.group(2));
            byte[] expected = Hex.parse(m.group(3));
            FieldType type = FieldType.of(kind);
            w.reset();
            w.writeValue(value, type, null, 0);
            assertThat(Hex.of(w.buffer(), 0, w.size())).as("%s %s", kind, m.group(2)).isEqualTo(m.group(3));
            Object back = type.codec().read(expected, 0, expected.length, null, null, 0);
            if (back instanceof byte[]) {
                assertThat((byte[]) back).isEqualTo((byte[]) value);
            } else {
                assertThat(back).isEqualTo(value);
            }
            assertThat(type.codec().skip(expected, 0, expected.length)).isEqualTo(expected.length);
            checked.add(kind + " " + m.group(2));
        }
        assertThat(checked).hasSizeGreaterThanOrEqualTo(30);
    }

    private static Object parse(Kind kind, String text) {
        switch (kind) {
            case LONG: return Long.parseLong(text);
            case STRING: return text;
            case DECIMAL: return new BigDecimal(text);
            case BIG_INTEGER: return new BigInteger(text);
            case DATE: return LocalDate.parse(text);
            case TIME: return LocalTime.parse(text);
            case DATE_TIME: return LocalDateTime.parse(text);
            case INSTANT: return Instant.parse(text);
            case OFFSET_DATE_TIME: return OffsetDateTime.parse(text);
            case UUID: return UUID.fromString(text);
            case DOUBLE: return Double.parseDouble(text);
            case FLOAT: return Float.parseFloat(text);
            case BOOLEAN: return Boolean.parseBoolean(text);
            case BYTES: return Hex.parse(text);
            default: throw new IllegalArgumentException("no vector parser for " + kind);
        }
    }
}
