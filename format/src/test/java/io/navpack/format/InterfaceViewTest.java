package io.navpack.format;

import com.acme.orders.Order;
import com.acme.orders.OrderView;
import com.acme.orders.Orders;
import com.acme.trading.Everything;
import com.acme.trading.EverythingView;
import com.acme.trading.Leg;
import com.acme.trading.LegView;
import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.acme.trading.TradeBean;
import com.acme.trading.TradeView;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Interface views over every supported type and nesting, compared with the values the records were
 * written from; the rules that decide which method reads which field; mismatches refused when the class
 * is built; one class per interface and schema version; value semantics.
 */
class InterfaceViewTest {
    private final Navpack navpack = Navpack.of(Trade.class, Everything.class, Order.class);

    // ---------------------------------------------------------------- every type, every nesting

    /** The trade with its side as text: the enum constant's name, as queries, builders and SQL give it. */
    public interface TradeSideAsText {
        String buySell();

        CharSequence getBuySell();

        long id();
    }

    @Test
    void anEnumFieldReadsAsTheConstantsNameThroughAStringAccessor() {
        for (Trade t : SeedTrades.load()) {
            byte[] bytes = navpack.encode(t);
            TradeSideAsText v = navpack.view(bytes, TradeSideAsText.class);
            assertThat(v.buySell()).isEqualTo(t.buySell().name());
            assertThat(v.getBuySell().toString()).isEqualTo(t.buySell().name());
            assertThat(v.id()).isEqualTo(t.id());
            assertThat(v.buySell()).isEqualTo(navpack.view(bytes).get("buySell"));
        }
    }

    @Test
    void everyFieldOfEveryTypeReadsAsTheRecordHoldsIt() {
        RandomValues random = new RandomValues(18, 3);
        for (int n = 0; n < 300; n++) {
            Everything e = random.of(Everything.class);
            EverythingView v = navpack.view(navpack.encode(e), EverythingView.class);
            for (RecordComponent c : Everything.class.getRecordComponents()) {
                Object expected = invoke(c.getAccessor(), e);
                assertThat(normal(invoke(method(EverythingView.class, c.getName()), v))).as("%s of value %d", c.getName(), n)
                        .isEqualTo(normal(expected));
            }
            PackedRecord leg = v.getLeg();
            assertThat(leg == null ? null : leg.toObject(Leg.class)).isEqualTo(e.leg());
        }
    }

    @Test
    void ordersReadThroughNestedViewsListsArraysSetsMapsAndEnums() {
        List<Order> orders = Orders.generate(500, 18);
        for (Order o : orders) {
            OrderView v = navpack.view(navpack.encode(o), OrderView.class);
            assertThat(v.id()).isEqualTo(o.id());
            assertThat(v.status()).isEqualTo(o.status());
            assertThat(normal(v.customer())).isEqualTo(normal(o.customer()));
            if (o.customer() != null && o.customer().address() != null) {
                assertThat(v.customer().address().city()).isEqualTo(o.customer().address().city());
            }
            assertThat(normal(v.lines())).isEqualTo(normal(o.lines()));
            assertThat(v.tags()).isEqualTo(o.tags());
            assertThat(v.scores()).isEqualTo(o.scores());
            assertThat(v.total()).isEqualTo(o.total());
            assertThat(v.placed()).isEqualTo(o.placed());
            assertThat(v.priority()).isEqualTo(o.priority());
            assertThat(v.createdAt()).isEqualTo(o.createdAt());
            assertThat(v.ref()).isEqualTo(o.ref());
            assertThat(v.counts()).isEqualTo(o.counts());
            assertThat(normal(v.extras())).isEqualTo(normal(o.extras()));
            assertThat(v.discount()).isEqualTo(o.discount());
            assertThat(v.weight()).isEqualTo(o.weight());

            OrderView.Bean bean = navpack.view(navpack.encode(o), OrderView.Bean.class);
            assertThat(bean.getId()).isEqualTo(o.id());
            assertThat(bean.getCustomer()).isEqualTo(o.customer());
            assertThat(bean.getLines()).containsExactlyElementsOf(o.lines());
            assertThat(bean.getTags()).isEqualTo(o.tags());
            assertThat(bean.getDiscount()).isEqualTo(o.discount() == null ? 0L : o.discount());
        }
    }

    @Test
    void nestedViewsHoldExactlyTheirOwnBytes() {
        Leg last = new Leg("B", BigDecimal.ONE, List.of(), null);
        Leg leg = new Leg("A", BigDecimal.TEN, List.of(new Leg.Period(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 7, 1),
                0.031)), last);
        Navpack legs = Navpack.of(Leg.class);
        byte[] bytes = legs.encode(leg);
        LegView v = legs.view(bytes, LegView.class);
        assertThat(v.next().payer()).isEqualTo("B");
        assertThat(v.next().next()).isNull();
        assertThat(v.periods().get(0).rate()).isEqualTo(0.031);
        assertThat(PackedRecord.ofView(v).array()).isSameAs(bytes);
        assertThat(PackedRecord.ofView(v.next()).array()).isEqualTo(legs.encode(last));
        assertThat(PackedRecord.ofView(v.periods().get(0)).array()).isEqualTo(legs.encode(leg.periods().get(0)));
        assertThat(v.next()).isEqualTo(legs.view(legs.encode(last), LegView.class));
    }

    @Test
    void aViewOfARecordInsideALargerArrayCopiesExactlyTheRecord() {
        Trade t = SeedTrades.load().get(0);
        byte[] record = navpack.encode(t);
        byte[] framed = new byte[record.length + 7];
        System.arraycopy(record, 0, framed, 3, record.length);
        TradeView v = navpack.view(framed, 3, record.length).as(TradeView.class);
        assertThat(PackedRecord.ofView(v).array()).isEqualTo(record).isNotSameAs(framed);
        assertThat(v).isEqualTo(navpack.view(record, TradeView.class));
        assertThat(v.currency1()).isEqualTo(t.currency1());
        framed[3 + record.length - 1] ^= 0x7F;
        assertThat(v).isEqualTo(navpack.view(record, TradeView.class));
    }

    @Test
    void aViewIsOneReferenceToItsBytes() {
        TradeView v = navpack.view(navpack.encode(SeedTrades.load().get(0)), TradeView.class);
        List<java.lang.reflect.Field> instanceFields = new java.util.ArrayList<>();
        for (Class<?> c = v.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    instanceFields.add(f);
                }
            }
        }
        assertThat(instanceFields).singleElement().satisfies(f -> assertThat(f.getType()).isEqualTo(byte[].class));
    }

    @Test
    void recordStyleAndBeanStyleAccessorsAndDefaultMethods() {
        for (Trade t : SeedTrades.load()) {
            byte[] bytes = navpack.encode(t);
            TradeView v = navpack.view(bytes, TradeView.class);
            TradeBean b = navpack.view(bytes, TradeBean.class);
            assertThat(v.id()).isEqualTo(t.id()).isEqualTo(b.getId());
            assertThat(v.tradeDate()).isEqualTo(t.tradeDate()).isEqualTo(b.getTradeDate());
            assertThat(v.buySell()).isEqualTo(t.buySell()).isEqualTo(b.getBuySell());
            assertThat(v.currency1()).isEqualTo(t.currency1()).isEqualTo(b.getCurrency1());
            assertThat(v.amount1()).isEqualTo(t.amount1()).isEqualTo(b.getAmount1());
            assertThat(v.exchangeRate()).isEqualTo(t.exchangeRate());
            assertThat(v.currency2()).isEqualTo(t.currency2()).isEqualTo(b.getCurrency2());
            assertThat(v.amount2()).isEqualTo(t.amount2());
            assertThat(v.settlementDate()).isEqualTo(t.settlementDate()).isEqualTo(b.getSettlementDate());
            assertThat(v.pair()).isEqualTo(t.currency1() + "/" + t.currency2());
        }
    }

    /** A field named like a bean property, read by a method of the same name or through its getter. */
    interface Flags {
        boolean isActive();

        Boolean getActive();

        boolean active();
    }

    @NavpackType(name = "Flagged")
    record Flagged(boolean active, String URL) {
    }

    interface FlaggedView extends Flags {
        String getURL();
    }

    @Test
    void beanNamesFollowJavaBeansDecapitalisation() {
        Navpack n = Navpack.of(Flagged.class);
        FlaggedView v = n.view(n.encode(new Flagged(true, "https://example.org")), FlaggedView.class);
        assertThat(v.isActive()).isTrue();
        assertThat(v.getActive()).isTrue();
        assertThat(v.active()).isTrue();
        assertThat(v.getURL()).isEqualTo("https://example.org");
    }

    interface Holder<T> {
        T value();
    }

    interface AmountHolder extends Holder<BigDecimal> {
        long id();
    }

    @NavpackType(name = "Held")
    record Held(long id, BigDecimal value) {
    }

    @Test
    void typeVariablesOfSuperinterfacesAreResolved() {
        Navpack n = Navpack.of(Held.class);
        AmountHolder v = n.view(n.encode(new Held(3, new BigDecimal("1.25"))), AmountHolder.class);
        assertThat(v.value()).isEqualTo(new BigDecimal("1.25"));
        Holder<BigDecimal> h = v;
        assertThat(h.value()).isEqualTo(new BigDecimal("1.25"));
        assertThat(v.id()).isEqualTo(3);
    }

    /** A view that is also a PackedRecord, by its interface. */
    interface TradeRecord extends PackedRecord {
        String currency1();
    }

    @Test
    void aViewIsWrittenAsItsBytesAndGivesTheRecordBehindIt() {
        Trade t = SeedTrades.load().get(2);
        byte[] bytes = navpack.encode(t);
        TradeView v = navpack.view(bytes, TradeView.class);
        assertThat(v).isNotInstanceOf(PackedRecord.class);
        PackedRecord r = PackedRecord.ofView(v);
        assertThat(r.array()).isSameAs(bytes);
        assertThat(r.length()).isEqualTo(bytes.length);
        assertThat(r.schema()).isSameAs(navpack.registry().binding(Trade.class).schema());
        assertThat(r.getString("currency1")).isEqualTo("GBP");
        assertThat(r.toObject(Trade.class)).isEqualTo(t);
        assertThat(r.as(TradeView.class)).isEqualTo(v);
        assertThat(navpack.encode(v)).isEqualTo(bytes);
        assertThat(PackedRecord.ofView("not a view")).isNull();

        TradeRecord tr = navpack.view(bytes, TradeRecord.class);
        assertThat(tr).isInstanceOf(PackedRecord.class);
        assertThat(tr.currency1()).isEqualTo("GBP");
        assertThat(tr.getDecimal("amount1")).isEqualTo(t.amount1());
        assertThat(tr.array()).isSameAs(bytes);
        assertThat(tr.as(TradeRecord.class)).isSameAs(tr);
        assertThat(PackedRecord.ofView(tr)).isSameAs(tr);
        assertThat(navpack.encode(tr)).isEqualTo(bytes);
    }

    /** Field names that PackedRecord also uses as method names are free for interfaces that do not extend it. */
    @NavpackType(name = "Segment")
    record Segment(int offset, int length, byte[] bytes, String schema) {
    }

    interface SegmentView {
        int offset();

        int length();

        byte[] bytes();

        String schema();
    }

    @Test
    void accessorsMayUseNamesThatPackedRecordUses() {
        Navpack n = Navpack.of(Segment.class);
        byte[] bytes = n.encode(new Segment(3, 9, new byte[] {1, 2}, "s1"));
        SegmentView v = n.view(bytes, SegmentView.class);
        assertThat(v.offset()).isEqualTo(3);
        assertThat(v.length()).isEqualTo(9);
        assertThat(v.bytes()).containsExactly(1, 2);
        assertThat(v.schema()).isEqualTo("s1");
        assertThat(n.encode(v)).isEqualTo(bytes);
        assertThat(PackedRecord.ofView(v).length()).isEqualTo(bytes.length);
        assertThat(v).isEqualTo(n.view(bytes.clone(), SegmentView.class));
    }

    // ---------------------------------------------------------------- value semantics

    @Test
    void equalsHashCodeAndToStringAreByValue() {
        List<Trade> trades = SeedTrades.load();
        byte[] first = navpack.encode(trades.get(0));
        TradeView a = navpack.view(first, TradeView.class);
        TradeView b = navpack.view(first.clone(), TradeView.class);
        TradeBean c = navpack.view(first.clone(), TradeBean.class);
        TradeView other = navpack.view(navpack.encode(trades.get(1)), TradeView.class);
        assertThat(a).isEqualTo(b).isEqualTo(c).isNotEqualTo(other);
        assertThat(a.hashCode()).isEqualTo(b.hashCode()).isEqualTo(navpack.view(first).hashCode());
        // a view that is no PackedRecord and a PackedRecord are not equal either way; one that is, is
        assertThat(a).isNotEqualTo(navpack.view(first));
        assertThat(navpack.view(first)).isNotEqualTo(a);
        TradeRecord r = navpack.view(first, TradeRecord.class);
        assertThat(r).isEqualTo(navpack.view(first)).isNotEqualTo(a);
        assertThat(navpack.view(first)).isEqualTo(r);
        assertThat(PackedRecord.ofView(a)).isEqualTo(navpack.view(first));
        assertThat(a.toString()).isEqualTo("TradeView{id=1, tradeDate=2014-07-21, buySell=BUY, currency1=EUR,"
                + " amount1=50000000.00, exchangeRate=1.344, currency2=USD, amount2=67200000.00, settlementDate=2014-07-28}");
        assertThat(c.toString()).startsWith("TradeBean{id=1, tradeDate=2014-07-21, buySell=BUY, currency1=EUR,");
    }

    @Test
    void returnedArraysAndCollectionsAreFreshCopies() {
        Order o = Orders.generate(50, 3).stream().filter(x -> x.scores().length > 0 && !x.lines().isEmpty())
                .findFirst().orElseThrow();
        OrderView v = navpack.view(navpack.encode(o), OrderView.class);
        v.scores()[0] = -99;
        v.lines().clear();
        assertThat(v.scores()).isEqualTo(o.scores());
        assertThat(v.lines()).hasSize(o.lines().size());
    }

    @Test
    void viewsAreSharedAcrossThreads() throws Exception {
        List<Order> orders = Orders.generate(200, 5);
        List<OrderView> views = new ArrayList<>();
        for (Order o : orders) {
            views.add(navpack.view(navpack.encode(o), OrderView.class));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                results.add(pool.submit(() -> {
                    for (int round = 0; round < 50; round++) {
                        for (int i = 0; i < orders.size(); i++) {
                            Order o = orders.get(i);
                            OrderView v = views.get(i);
                            if (v.id() != o.id() || !v.total().equals(o.total()) || v.lines().size() != o.lines().size()) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anAccessorOfAPrimitiveOrAShortStringAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<TradeView> views = new ArrayList<>();
        for (Trade t : SeedTrades.load()) {
            views.add(navpack.view(navpack.encode(t), TradeView.class));
        }
        long[] sink = new long[1];
        Runnable read = () -> {
            for (int round = 0; round < 20_000; round++) {
                for (TradeView v : views) {
                    sink[0] += v.id() + v.currency1().length();
                }
            }
        };
        long allocated = Long.MAX_VALUE;
        // until the accessors are compiled: on a loaded machine the JIT may take a while
        for (int attempt = 0; attempt < 300 && allocated != 0; attempt++) {
            read.run();
            long before = threads.getCurrentThreadAllocatedBytes();
            read.run();
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertThat(allocated).isZero();
        assertThat(sink[0]).isPositive();
    }

    // ---------------------------------------------------------------- generated classes

    @Test
    void oneHiddenClassPerInterfaceAndSchemaVersionWithoutReflectionOrProxies() {
        List<Trade> trades = SeedTrades.load();
        int before = navpack.registry().views.generatedClasses();
        TradeView a = navpack.view(navpack.encode(trades.get(0)), TradeView.class);
        TradeView b = navpack.view(navpack.encode(trades.get(1)), TradeView.class);
        assertThat(a.getClass()).isSameAs(b.getClass());
        assertThat(a.getClass().isHidden()).isTrue();
        assertThat(Proxy.isProxyClass(a.getClass())).isFalse();
        assertThat(a.getClass().getPackageName()).isEqualTo(TradeView.class.getPackageName());
        assertThat(a.getClass().getSuperclass()).isEqualTo(GeneratedView.class);
        assertThat(a.getClass().getInterfaces()).containsExactly(TradeView.class);
        assertThat(navpack.registry().views.generatedClasses()).isEqualTo(before + 1);
        navpack.view(navpack.encode(trades.get(2)), TradeBean.class);
        assertThat(navpack.registry().views.generatedClasses()).isEqualTo(before + 2);
    }

    /** A package-private interface inside the test: the view class lives in its package. */
    interface Private {
        long id();
    }

    @Test
    void packagePrivateInterfacesAreImplemented() {
        Private p = navpack.view(navpack.encode(SeedTrades.load().get(4)), Private.class);
        assertThat(p.id()).isEqualTo(5);
    }

    @Test
    void anInterfaceOfAnotherClassLoaderGetsAnOrdinaryClassOfItsPackage() throws Exception {
        String name = TradeView.class.getName();
        byte[] classFile;
        try (java.io.InputStream in = TradeView.class.getResourceAsStream("TradeView.class")) {
            classFile = in.readAllBytes();
        }
        ClassLoader isolated = new ClassLoader(getClass().getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (n.equals(name)) {
                    synchronized (getClassLoadingLock(n)) {
                        Class<?> c = findLoadedClass(n);
                        return c != null ? c : defineClass(n, classFile, 0, classFile.length);
                    }
                }
                return super.loadClass(n, resolve);
            }
        };
        Class<?> iface = isolated.loadClass(name);
        assertThat(iface).isNotSameAs(TradeView.class);
        Object view = navpack.view(navpack.encode(SeedTrades.load().get(0)), iface);
        assertThat(view.getClass().getClassLoader()).isSameAs(isolated);
        assertThat(view.getClass().isHidden()).isFalse();
        assertThat(iface.getMethod("currency1").invoke(view)).isEqualTo("EUR");
        assertThat(iface.getMethod("pair").invoke(view)).isEqualTo("EUR/USD");
    }

    // ---------------------------------------------------------------- mismatches

    interface WrongType {
        String id();
    }

    interface PrimitiveForDecimal {
        long amount1();
    }

    interface NoSuchField {
        long id();

        String nickname();
    }

    interface WithParameters {
        BigDecimal amount1(int scale);
    }

    interface Clash {
        String toString(int radix);
    }

    interface NestedMismatch {
        List<BadLine> lines();

        interface BadLine {
            LocalDate sku();
        }
    }

    @Test
    void mismatchesAreRefusedWhenTheClassIsBuiltNamingInterfaceMethodFieldAndBothTypes() {
        byte[] trade = navpack.encode(SeedTrades.load().get(0));
        assertThatThrownBy(() -> navpack.view(trade, WrongType.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining(WrongType.class.getName()).hasMessageContaining("id()")
                .hasMessageContaining("field id").hasMessageContaining("long").hasMessageContaining("java.lang.String")
                .hasMessageContaining("Trade v1");
        assertThatThrownBy(() -> navpack.view(trade, PrimitiveForDecimal.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("amount1()").hasMessageContaining("decimal").hasMessageContaining("returns long");
        assertThatThrownBy(() -> navpack.view(trade, NoSuchField.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("nickname()").hasMessageContaining("no version of Trade")
                .hasMessageContaining("currency1");
        assertThatThrownBy(() -> navpack.view(trade, WithParameters.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("amount1(int)").hasMessageContaining("default method");
        assertThatThrownBy(() -> navpack.view(trade, Clash.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("toString(int)").hasMessageContaining("not an accessor");
        assertThatThrownBy(() -> navpack.view(trade, Trade.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("is not an interface");
        byte[] order = navpack.encode(Orders.generate(1, 1).get(0));
        assertThatThrownBy(() -> navpack.view(order, NestedMismatch.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("lines()").hasMessageContaining("sku()").hasMessageContaining("string")
                .hasMessageContaining("java.time.LocalDate");
    }

    @Test
    void aRefusedInterfaceIsCheckedBeforeAnyValueIsRead() {
        assertThatThrownBy(() -> navpack.registry().checkView(WrongType.class, "Trade"))
                .isInstanceOf(SchemaException.class).hasMessageContaining("id()");
        navpack.registry().checkView(TradeView.class, "Trade");
    }

    // ---------------------------------------------------------------- helpers

    private static Method method(Class<?> c, String name) {
        try {
            return c.getMethod(name);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    private static Object invoke(Method m, Object target) {
        try {
            return m.invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A comparable form of a value: records (Java records, or views of them) become maps of their
     * accessors' values, arrays and collections lists, maps ordered maps.
     */
    static Object normal(Object v) {
        if (v == null) {
            return null;
        }
        if (v.getClass().isRecord()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (RecordComponent c : v.getClass().getRecordComponents()) {
                m.put(c.getName(), normal(invoke(c.getAccessor(), v)));
            }
            return m;
        }
        if (v instanceof GeneratedView) {
            Map<String, Object> m = new LinkedHashMap<>();
            Class<?> iface = v.getClass().getInterfaces()[0];
            List<Method> methods = new ArrayList<>(Arrays.asList(iface.getMethods()));
            methods.removeIf(x -> x.isDefault() || x.getParameterCount() > 0 || x.getReturnType() == PackedRecord.class);
            // the record's component order is the schema's field order
            PackedRecord r = PackedRecord.ofView(v);
            methods.sort(java.util.Comparator.comparingInt(x -> r.schema().indexOf(x.getName())));
            for (Method x : methods) {
                m.put(x.getName(), normal(invoke(x, v)));
            }
            return m;
        }
        if (v.getClass().isArray()) {
            List<Object> l = new ArrayList<>();
            for (int i = 0; i < Array.getLength(v); i++) {
                l.add(normal(Array.get(v, i)));
            }
            return l;
        }
        if (v instanceof Collection) {
            List<Object> l = new ArrayList<>();
            for (Object x : (Collection<?>) v) {
                l.add(normal(x));
            }
            return l;
        }
        if (v instanceof Map) {
            Map<Object, Object> m = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                m.put(normal(e.getKey()), normal(e.getValue()));
            }
            return m;
        }
        if (v instanceof Side || v instanceof Order.Priority) {
            return v;
        }
        return v;
    }
}
