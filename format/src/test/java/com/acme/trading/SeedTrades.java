package com.acme.trading;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The ten trades of seed-trades.csv, in file order. */
public final class SeedTrades {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy", Locale.ROOT);

    private SeedTrades() {
    }

    public static List<Trade> load() {
        InputStream in = SeedTrades.class.getResourceAsStream("seed-trades.csv");
        if (in == null) {
            throw new IllegalStateException("com/acme/trading/seed-trades.csv is not on the class path: add "
                    + "navpack-format's test-jar (or navpack-fixtures) to the dependencies");
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<Trade> out = new ArrayList<>();
            r.readLine();
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank()) {
                    out.add(parse(line));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line: ID,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date. */
    private static Trade parse(String line) {
        String[] c = line.trim().split(",");
        if (c.length != 9) {
            throw new IllegalArgumentException("seed-trades.csv: expected 9 fields: " + line);
        }
        return new Trade(Long.parseLong(c[0]), LocalDate.parse(c[1], DATE), Side.valueOf(c[2].toUpperCase(Locale.ROOT)),
                c[3], new BigDecimal(c[4]), new BigDecimal(c[5]), c[6], new BigDecimal(c[7]), LocalDate.parse(c[8], DATE));
    }
}
