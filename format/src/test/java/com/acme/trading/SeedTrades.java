package com.acme.trading;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The ten trades of seed-trades.csv. */
public final class SeedTrades {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy");

    private SeedTrades() {
    }

    public static List<Trade> load() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                SeedTrades.class.getResourceAsStream("/seed-trades.csv"), StandardCharsets.UTF_8))) {
            List<Trade> out = new ArrayList<>();
            r.readLine();
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank()) {
                    continue;
                }
                String[] c = line.split(",");
                out.add(new Trade(Long.parseLong(c[0]), LocalDate.parse(c[1], DATE),
                        Side.valueOf(c[2].toUpperCase(Locale.ROOT)), c[3], new BigDecimal(c[4]), new BigDecimal(c[5]),
                        c[6], new BigDecimal(c[7]), LocalDate.parse(c[8], DATE)));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
