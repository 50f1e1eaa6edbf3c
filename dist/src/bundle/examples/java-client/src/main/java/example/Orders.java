package example;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlRow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A client with navpack: stores orders in the map {@code example_orders} of a running cluster, queries them on the members by
 * their fields' plain names and with SQL, and checks every answer against the same orders filtered here in memory.
 *
 * <pre>
 * java -Dhazelcast.client.config=config/client.yaml -cp CLASSES example.Orders [COUNT]
 * </pre>
 * The client's configuration is {@code config/client.yaml} (cluster, members, navpack as the serializer of
 * {@code example.Order}). Exit code 0 when every answer is right, 1 otherwise.
 */
public final class Orders {
    private static final String[] CITIES = {"Oslo", "Lyon", "Porto", "Turin", "Ghent"};
    private static final String[] SKUS = {"A-1", "A-2", "B-1", "C-7", "D-3"};

    private Orders() {
    }

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        List<Order> all = generate(count);
        HazelcastInstance client = HazelcastClient.newHazelcastClient(); // config/client.yaml
        boolean right;
        try {
            IMap<Long, Order> orders = client.getMap("example_orders");
            orders.clear();
            Map<Long, Order> batch = new HashMap<>();
            for (Order o : all) {
                batch.put(o.id(), o);
            }
            orders.putAll(batch);
            System.out.printf("stored %,d orders in the map 'example_orders'%n", orders.size());

            // queries by the fields' plain names, run on the members without the class Order
            right = check("city = 'Oslo' and total > 500",
                    orders.keySet(Predicates.sql("city = 'Oslo' and total > 500")),
                    ids(all, o -> o.city().equals("Oslo") && o.total().compareTo(BigDecimal.valueOf(500)) > 0));
            right &= check("lines[any].sku = 'C-7'",
                    orders.keySet(Predicates.equal("lines[any].sku", "C-7")),
                    ids(all, o -> o.lines().stream().anyMatch(l -> l.sku().equals("C-7"))));
            Collection<Order> open = orders.values(Predicates.equal("status", Status.OPEN.name()));
            right &= check("status = OPEN (values)", open.stream().map(Order::id).collect(Collectors.toCollection(TreeSet::new)),
                    ids(all, o -> o.status() == Status.OPEN));

            // SQL: the mapping takes its columns from the schema navpack registered in the cluster
            client.getSql().execute("CREATE OR REPLACE MAPPING example_orders TYPE NavpackMap");
            Map<String, String> bySql = new TreeMap<>();
            for (SqlRow row : client.getSql().execute("SELECT city, COUNT(*) AS n, SUM(total) AS total FROM example_orders "
                    + "WHERE status = 'OPEN' GROUP BY city")) {
                bySql.put(row.getObject("city"), row.<Long>getObject("n") + " orders, "
                        + row.<BigDecimal>getObject("total").stripTrailingZeros().toPlainString());
            }
            Map<String, String> inMemory = new TreeMap<>();
            all.stream().filter(o -> o.status() == Status.OPEN).collect(Collectors.groupingBy(Order::city))
                    .forEach((city, list) -> inMemory.put(city, list.size() + " orders, "
                            + list.stream().map(Order::total).reduce(BigDecimal.ZERO, BigDecimal::add)
                            .stripTrailingZeros().toPlainString()));
            right &= check("SQL: open orders per city", bySql, inMemory);
            bySql.forEach((city, line) -> System.out.printf("  %-6s %s%n", city, line));
        } finally {
            client.shutdown();
        }
        System.out.println(right ? "every answer equals the orders filtered in memory" : "WRONG ANSWERS (see above)");
        System.exit(right ? 0 : 1);
    }

    private static boolean check(String query, Object cluster, Object expected) {
        Object got = cluster instanceof Set<?> s ? new TreeSet<>(s) : cluster;
        boolean same = got.equals(expected);
        int size = got instanceof Collection<?> c ? c.size() : ((Map<?, ?>) got).size();
        System.out.printf("%-32s %s (%d)%n", query, same ? "right" : "WRONG: expected " + expected + ", got " + got, size);
        return same;
    }

    private static TreeSet<Long> ids(List<Order> all, Predicate<Order> filter) {
        return all.stream().filter(filter).map(Order::id).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The same orders on every run. */
    static List<Order> generate(int count) {
        Random random = new Random(42);
        List<Order> orders = new ArrayList<>(count);
        for (long id = 1; id <= count; id++) {
            List<Line> lines = new ArrayList<>();
            BigDecimal total = BigDecimal.ZERO;
            for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
                Line line = new Line(SKUS[random.nextInt(SKUS.length)], 1 + random.nextInt(5),
                        BigDecimal.valueOf(100 + random.nextInt(90_000), 2));
                lines.add(line);
                total = total.add(line.price().multiply(BigDecimal.valueOf(line.quantity())));
            }
            orders.add(new Order(id, "customer-" + random.nextInt(200), CITIES[random.nextInt(CITIES.length)],
                    Status.values()[random.nextInt(Status.values().length)], total,
                    LocalDate.of(2026, 1, 1).plusDays(random.nextInt(300)), lines));
        }
        return orders;
    }
}
