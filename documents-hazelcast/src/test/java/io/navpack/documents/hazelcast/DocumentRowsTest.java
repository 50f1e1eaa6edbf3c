package io.navpack.documents.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rows mappings over documents on two member JVMs without classes: the trades under each shared FpML document, and
 * the transactions (and their charges) of generated ISO 20022 pacs.008 messages — exact decimal sums per currency,
 * filters on the transaction's and the message's fields, through an index and without — each against an oracle:
 * the DOM trees of the FpML files, the values the messages were generated from.
 */
class DocumentRowsTest {
    private static final int MESSAGES = 800;
    static final List<MemberJvm> members = new ArrayList<>();
    static HazelcastInstance client;
    static Map<String, Element> fpml;
    static List<Pacs008.Message> messages;
    static long seed;

    @BeforeAll
    static void load() throws Exception {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort()};
        Path work = Path.of("target", "rows", cluster);
        List<CompletableFuture<MemberJvm>> starting = DocumentQueriesTest.startMembers(cluster, ports, work);
        fpml = FpmlSet.parse();
        DocumentSchema fpmlSchema = SchemaInference.of(DocumentFormat.XML).name("fpml").addPath(FpmlSet.dir()).infer();
        seed = Long.getLong("navpack.pacs.seed", System.nanoTime());
        messages = Pacs008.generate(MESSAGES, seed);
        // the schema from the first messages; the others grow it where they bring what those did not
        SchemaInference inference = SchemaInference.of(DocumentFormat.XML).name("pacs").firstTypeId(20_000);
        messages.subList(0, 100).forEach(m -> inference.add(m.xml(), m.key() + ".xml"));
        DocumentSchema pacsSchema = inference.infer();
        // and one from messages of one transaction each: the others' further transactions go to CdtTrfTxInf$more
        SchemaInference single = SchemaInference.of(DocumentFormat.XML).name("pacs1").firstTypeId(20_500);
        messages.stream().filter(m -> m.txs().size() == 1).limit(100).forEach(m -> single.add(m.xml(), m.key() + ".xml"));
        DocumentSchema singleSchema = single.infer();
        for (CompletableFuture<MemberJvm> m : starting) {
            members.add(m.join());
        }
        client = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
        try (DocumentLoader loader = DocumentLoader.into(client, "fpml", fpmlSchema).build()) {
            for (Path f : FpmlSet.files()) {
                loader.load(DocumentFormat.XML, Files.readAllBytes(f), f.toString(), FpmlSet.key(f));
            }
            assertThat(loader.flush(1, TimeUnit.MINUTES)).isTrue();
            loader.checkStored();
        }
        try (DocumentLoader loader = DocumentLoader.into(client, "pacs", pacsSchema).build()) {
            for (Pacs008.Message m : messages) {
                loader.load(DocumentFormat.XML, m.xml(), m.key() + ".xml", m.key());
            }
            assertThat(loader.flush(1, TimeUnit.MINUTES)).isTrue();
            loader.checkStored();
        }
        try (DocumentLoader loader = DocumentLoader.into(client, "pacs_grown", singleSchema).build()) {
            for (Pacs008.Message m : messages) {
                loader.load(DocumentFormat.XML, m.xml(), m.key() + ".xml", m.key());
            }
            assertThat(loader.flush(1, TimeUnit.MINUTES)).isTrue();
            loader.checkStored();
        }
        assertThat(singleSchema.navpackSchemas().stream().anyMatch(x -> x.fieldNames().contains("CdtTrfTxInf$more")))
                .as("the schema grew a list for further transactions").isTrue();
        assertThat(client.getMap("pacs").size()).isEqualTo(MESSAGES);
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.shutdown();
        }
        members.forEach(MemberJvm::close);
    }

    static List<List<Object>> sql(String statement, Object... args) {
        List<List<Object>> out = new ArrayList<>();
        try (SqlResult r = client.getSql().execute(statement, args)) {
            if (r.isRowSet()) {
                int n = r.getRowMetadata().getColumnCount();
                for (SqlRow row : r) {
                    List<Object> values = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        values.add(row.getObject(i));
                    }
                    out.add(values);
                }
            }
        }
        return out;
    }

    private static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element ce && name.equals(ce.getLocalName())) {
                out.add(ce);
            }
        }
        return out;
    }

    @Test
    void theTradesUnderEachFpmlDocument() {
        sql("CREATE OR REPLACE MAPPING fpml_trades EXTERNAL NAME fpml TYPE NavpackMap OPTIONS ("
                + "'valueNavpackType' = 'fpml.dataDocument', 'keyFormat' = 'varchar', 'rows' = 'trade[any]', "
                + "'parentFields' = 'fpmlVersion')");
        // an FpML trade flattens into tens of thousands of paths: the mapping keeps the levels that fit 1,000 columns
        assertThat((Long) sql("SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 'fpml_trades'").get(0).get(0))
                .isBetween(100L, 1_003L);
        Map<String, String> got = new TreeMap<>();
        for (List<Object> r : sql("SELECT __key, __index, \"tradeHeader.tradeDate\", fpmlVersion FROM fpml_trades")) {
            assertThat(got.put(r.get(0) + "#" + r.get(1), r.get(2) + " " + r.get(3))).isNull();
        }
        Map<String, String> expected = new TreeMap<>();
        Map<String, Long> perDate = new TreeMap<>();
        fpml.forEach((key, root) -> {
            List<Element> trades = children(root, "trade");
            for (int i = 0; i < trades.size(); i++) {
                List<String> date = FpmlSet.values(trades.get(i), "tradeHeader.tradeDate");
                String d = date.isEmpty() ? "null" : date.get(0);
                expected.put(key + "#" + i, d + " " + (root.hasAttribute("fpmlVersion") ? root.getAttribute("fpmlVersion") : null));
                perDate.merge(d, 1L, Long::sum);
            }
        });
        assertThat(got).isEqualTo(expected);
        assertThat(got.size()).as("trades").isGreaterThan(fpml.size() / 2);

        Map<String, Long> byDate = new TreeMap<>();
        sql("SELECT \"tradeHeader.tradeDate\", COUNT(*) FROM fpml_trades GROUP BY \"tradeHeader.tradeDate\"")
                .forEach(r -> byDate.put(String.valueOf(r.get(0)), (Long) r.get(1)));
        assertThat(byDate).isEqualTo(perDate);
    }

    private static Map<String, BigDecimal> sumsByCurrency(List<List<Object>> rows) {
        Map<String, BigDecimal> out = new TreeMap<>();
        for (List<Object> r : rows) {
            assertThat(r.get(1)).isInstanceOf(BigDecimal.class);
            out.put((String) r.get(0), (BigDecimal) r.get(1));
        }
        return out;
    }

    @Test
    void transactionsOfIso20022MessagesSumExactlyPerCurrency() {
        sql("CREATE OR REPLACE MAPPING tx EXTERNAL NAME pacs TYPE NavpackMap OPTIONS ('keyFormat' = 'varchar', "
                + "'rows' = 'FIToFICstmrCdtTrf.CdtTrfTxInf[any]', "
                + "'parentFields' = 'FIToFICstmrCdtTrf.GrpHdr.MsgId, FIToFICstmrCdtTrf.GrpHdr.CreDtTm')");
        List<String> columns = sql("SELECT column_name FROM information_schema.columns WHERE table_name = 'tx' "
                + "ORDER BY ordinal_position").stream().map(r -> (String) r.get(0)).toList();
        assertThat(columns).contains("__key", "__index", "IntrBkSttlmAmt", "IntrBkSttlmAmt_Ccy", "DbtrAgt.FinInstnId.BICFI",
                "PmtId.EndToEndId", "FIToFICstmrCdtTrf.GrpHdr.MsgId", "FIToFICstmrCdtTrf.GrpHdr.CreDtTm");

        Map<String, BigDecimal> expected = new TreeMap<>();
        Map<String, Long> counts = new TreeMap<>();
        messages.forEach(m -> m.txs().forEach(t -> {
            expected.merge(t.currency(), t.amount(), BigDecimal::add);
            counts.merge(t.currency(), 1L, Long::sum);
        }));
        Map<String, BigDecimal> sums = sumsByCurrency(sql("SELECT \"IntrBkSttlmAmt_Ccy\", SUM(\"IntrBkSttlmAmt\") FROM tx "
                + "GROUP BY \"IntrBkSttlmAmt_Ccy\""));
        assertThat(sums.keySet()).as("seed %d", seed).isEqualTo(expected.keySet());
        expected.forEach((ccy, sum) -> assertThat(sums.get(ccy)).as("%s, seed %d", ccy, seed).isEqualByComparingTo(sum));
        // the same where the schema held one transaction per message and grew a list for the others
        sql("CREATE OR REPLACE MAPPING tx_grown EXTERNAL NAME pacs_grown TYPE NavpackMap OPTIONS ('keyFormat' = 'varchar', "
                + "'rows' = 'FIToFICstmrCdtTrf.CdtTrfTxInf[any]')");
        Map<String, BigDecimal> grown = sumsByCurrency(sql("SELECT \"IntrBkSttlmAmt_Ccy\", SUM(\"IntrBkSttlmAmt\") "
                + "FROM tx_grown GROUP BY \"IntrBkSttlmAmt_Ccy\""));
        assertThat(grown.keySet()).isEqualTo(expected.keySet());
        expected.forEach((ccy, sum) -> assertThat(grown.get(ccy)).as("%s, seed %d", ccy, seed).isEqualByComparingTo(sum));
        assertThat(sql("SELECT COUNT(*) FROM tx_grown").get(0).get(0))
                .isEqualTo(messages.stream().mapToLong(m -> m.txs().size()).sum());

        Map<String, Long> n = new TreeMap<>();
        sql("SELECT \"IntrBkSttlmAmt_Ccy\", COUNT(*) FROM tx GROUP BY \"IntrBkSttlmAmt_Ccy\"").forEach(r -> n.put((String) r.get(0), (Long) r.get(1)));
        assertThat(n).isEqualTo(counts);

        // a message's own fields on each of its rows
        Pacs008.Message m = messages.get(MESSAGES / 2);
        List<List<Object>> ofOne = sql("SELECT __index, \"PmtId.EndToEndId\", \"IntrBkSttlmAmt\", \"FIToFICstmrCdtTrf.GrpHdr.CreDtTm\" "
                + "FROM tx WHERE \"FIToFICstmrCdtTrf.GrpHdr.MsgId\" = ? ORDER BY __index", m.msgId());
        assertThat(ofOne).hasSize(m.txs().size());
        for (int i = 0; i < ofOne.size(); i++) {
            assertThat(ofOne.get(i).get(0)).isEqualTo(i);
            assertThat(ofOne.get(i).get(1)).isEqualTo(m.txs().get(i).endToEndId());
            assertThat((BigDecimal) ofOne.get(i).get(2)).isEqualByComparingTo(m.txs().get(i).amount());
            assertThat(String.valueOf(ofOne.get(i).get(3))).isEqualTo(m.created().toString());
        }

        // the debtor agents' totals in one currency, with and without an index on the transactions' debtor agent
        String bic = messages.get(0).txs().get(0).debtorAgentBic();
        BigDecimal eurOfBic = messages.stream().flatMap(x -> x.txs().stream())
                .filter(t -> t.debtorAgentBic().equals(bic) && t.currency().equals("EUR"))
                .map(Pacs008.Tx::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        String byBic = "SELECT SUM(\"IntrBkSttlmAmt\") FROM tx WHERE \"DbtrAgt.FinInstnId.BICFI\" = ? "
                + "AND \"IntrBkSttlmAmt_Ccy\" = 'EUR'";
        assertThat((BigDecimal) sql(byBic, bic).get(0).get(0)).isEqualByComparingTo(eurOfBic);
        client.getMap("pacs").addIndex(IndexType.HASH, "FIToFICstmrCdtTrf.CdtTrfTxInf[any].DbtrAgt.FinInstnId.BICFI");
        assertThat((BigDecimal) sql(byBic, bic).get(0).get(0)).isEqualByComparingTo(eurOfBic);

        // flattened one level only, the debtor agent is a JSON column; named in a column list, its BIC is one of its own
        sql("CREATE OR REPLACE MAPPING tx_narrow EXTERNAL NAME pacs TYPE NavpackMap OPTIONS ('keyFormat' = 'varchar', "
                + "'rows' = 'FIToFICstmrCdtTrf.CdtTrfTxInf[any]', 'maxColumns' = '8')");
        List<String> narrow = sql("SELECT column_name FROM information_schema.columns WHERE table_name = 'tx_narrow'")
                .stream().map(r -> (String) r.get(0)).toList();
        assertThat(narrow).contains("DbtrAgt").doesNotContain("DbtrAgt.FinInstnId.BICFI");
        sql("CREATE OR REPLACE MAPPING tx_bic EXTERNAL NAME pacs (__key VARCHAR, \"DbtrAgt.FinInstnId.BICFI\" VARCHAR, "
                + "\"IntrBkSttlmAmt\" DECIMAL, \"IntrBkSttlmAmt_Ccy\" VARCHAR) TYPE NavpackMap OPTIONS ("
                + "'rows' = 'FIToFICstmrCdtTrf.CdtTrfTxInf[any]', 'maxColumns' = '8')");
        assertThat((BigDecimal) sql(byBic.replace("FROM tx ", "FROM tx_bic "), bic).get(0).get(0)).isEqualByComparingTo(eurOfBic);
    }

    @Test
    void aReloadSaysWhatWasNewReplacedAndUnchanged() throws Exception {
        DocumentSchema schema = DocumentCatalog.read(client, "pacs");
        List<Pacs008.Message> some = messages.subList(0, 40);
        long[] first = reload(schema, some);
        assertThat(first).containsExactly(40, 0, 0, 40);
        long[] again = reload(schema, some);
        assertThat(again).containsExactly(0, 0, 40, 40);
        // one message changed (another key's bytes under its key), one new
        List<Pacs008.Message> changed = new ArrayList<>(some.subList(2, 40));
        Pacs008.Message other = messages.get(41);
        changed.add(new Pacs008.Message(some.get(0).key(), other.msgId(), other.created(), other.txs(), other.xml()));
        changed.add(messages.get(42));
        long[] third = reload(schema, changed);
        assertThat(third).containsExactly(1, 1, 38, 40);
    }

    /** Loads {@code batch} into the map pacs_reload; returns new, replaced, unchanged and stored. */
    private static long[] reload(DocumentSchema schema, List<Pacs008.Message> batch) throws Exception {
        try (DocumentLoader loader = DocumentLoader.into(client, "pacs_reload", schema).batchSize(16).build()) {
            for (Pacs008.Message m : batch) {
                loader.load(DocumentFormat.XML, m.xml(), m.key() + ".xml", m.key());
            }
            assertThat(loader.flush(1, TimeUnit.MINUTES)).isTrue();
            loader.checkStored();
            return new long[] {loader.added(), loader.replaced(), loader.unchanged(), loader.stored()};
        }
    }

    @Test
    void chargesOfEachTransactionAreRowsOfANestedRepeatedElement() {
        sql("CREATE OR REPLACE MAPPING charges EXTERNAL NAME pacs (msg VARCHAR EXTERNAL NAME "
                + "\"entry.FIToFICstmrCdtTrf.GrpHdr.MsgId\", amount DECIMAL EXTERNAL NAME \"this.Amt\", "
                + "ccy VARCHAR EXTERNAL NAME \"this.Amt_Ccy\", agent VARCHAR EXTERNAL NAME \"this.Agt.FinInstnId.BICFI\") "
                + "TYPE NavpackMap OPTIONS ('keyFormat' = 'varchar', "
                + "'rows' = 'FIToFICstmrCdtTrf.CdtTrfTxInf[any].ChrgsInf[any]')");
        Map<String, BigDecimal> expected = new TreeMap<>();
        long count = 0;
        for (Pacs008.Message m : messages) {
            for (Pacs008.Tx t : m.txs()) {
                for (Pacs008.Charge c : t.charges()) {
                    expected.merge(c.currency(), c.amount(), BigDecimal::add);
                    count++;
                }
            }
        }
        Map<String, BigDecimal> sums = sumsByCurrency(sql("SELECT ccy, SUM(amount) FROM charges GROUP BY ccy"));
        assertThat(sums.keySet()).isEqualTo(expected.keySet());
        expected.forEach((ccy, sum) -> assertThat(sums.get(ccy)).as("%s, seed %d", ccy, seed).isEqualByComparingTo(sum));
        assertThat(sql("SELECT COUNT(*), COUNT(DISTINCT msg) FROM charges").get(0)).containsExactly(count,
                messages.stream().filter(m -> m.txs().stream().anyMatch(t -> !t.charges().isEmpty())).count());
    }
}
