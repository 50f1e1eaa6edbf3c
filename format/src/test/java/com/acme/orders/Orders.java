package com.acme.orders;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/** Deterministic orders: every field takes several values, and nulls, empty lists and missing nested records occur. */
public final class Orders {
    public static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED", "CANCELLED"};
    public static final String[] CITIES = {"Oslo", "Bergen", "Paris", "Lyon", "Turin"};
    public static final String[] SKUS = {"A-1", "B-2", "C-3", "D-4", "E-5", "F-6"};
    public static final String[] TAGS = {"vip", "gift", "bulk", "late"};
    public static final LocalDate FIRST_DAY = LocalDate.of(2026, 1, 1);
    public static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private Orders() {
    }

    public static List<Order> generate(int count, long seed) {
        Random r = new Random(seed);
        List<Order> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long id = i + 1;
            String status = STATUSES[r.nextInt(STATUSES.length)];
            Order.Customer customer = r.nextInt(20) == 0 ? null : new Order.Customer("C" + r.nextInt(50),
                    r.nextInt(10) == 0 ? null : new Order.Address(CITIES[r.nextInt(CITIES.length)], r.nextBoolean() ? "NO" : "FR"));
            List<Order.Line> lines = new ArrayList<>();
            for (int k = r.nextInt(4); k > 0; k--) {
                lines.add(new Order.Line(SKUS[r.nextInt(SKUS.length)], 1 + r.nextInt(9),
                        BigDecimal.valueOf(r.nextInt(100_000), 2)));
            }
            Set<String> tags = r.nextInt(8) == 0 ? null : new LinkedHashSet<>();
            if (tags != null) {
                for (int k = r.nextInt(3); k > 0; k--) {
                    tags.add(TAGS[r.nextInt(TAGS.length)]);
                }
            }
            int[] scores = new int[r.nextInt(4)];
            for (int k = 0; k < scores.length; k++) {
                scores[k] = r.nextInt(101);
            }
            BigDecimal total = BigDecimal.valueOf(r.nextInt(1_000_000), 2);
            LocalDate placed = FIRST_DAY.plusDays(r.nextInt(365));
            Order.Priority priority = r.nextInt(15) == 0 ? null : Order.Priority.values()[r.nextInt(3)];
            Instant createdAt = EPOCH.plusSeconds(r.nextInt(31_536_000));
            UUID ref = new UUID(seed, id);
            Map<String, Integer> counts = new LinkedHashMap<>();
            counts.put("views", r.nextInt(100));
            Order.Line[] extras = r.nextInt(3) == 0 ? null
                    : new Order.Line[] {new Order.Line(SKUS[r.nextInt(SKUS.length)], 1, BigDecimal.ONE)};
            Long discount = r.nextInt(4) == 0 ? null : (long) r.nextInt(50);
            double weight = r.nextInt(10_000) / 10.0;
            out.add(new Order(id, status, customer, lines, tags, scores, total, placed, priority, createdAt, ref, counts,
                    extras, discount, weight));
        }
        return out;
    }
}
