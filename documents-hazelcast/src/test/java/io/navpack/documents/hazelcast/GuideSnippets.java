package io.navpack.documents.hazelcast;

import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.StreamSource;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.micrometer.core.instrument.MeterRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The Java snippets of the user guide's "Documents in the cluster", compiled with the tests so that they keep
 * compiling against the API (the format module's DocSnippetsTest finds every snippet of the docs in a source file).
 * What they do is tested by DocumentQueriesTest, DocumentStreamsTest, DocumentsClusterIT (cli) and DocumentsPipelineIT
 * (it-tests).
 */
final class GuideSnippets {
    private GuideSnippets() {
    }

    static void load(HazelcastInstance client, Path file) throws IOException {
        DocumentSchema schema = DocumentSchema.read(Path.of("fpml.schema.json"));
        try (DocumentLoader loader = DocumentLoader.into(client, "trades", schema)
                .key(KeyPath.parse("trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]"))
                .batchSize(256).maxInFlight(8).build()) {            // registers the schema in the cluster
            loader.load(DocumentFormat.XML, Files.readAllBytes(file), file.toString(), "trade-1");
        }                                                             // close() waits for every batch
    }

    static void onMembers(HazelcastInstance client, DocumentSchema schema) {
        DocumentCatalog.publish(client, "trades", schema);
        Pipeline p = DocumentPipelines.load("/data/fpml", "*.xml", DocumentFormat.XML, schema, "trades", null);
        client.getJet().newJob(p).join();
    }

    static Job stream(HazelcastInstance client, DocumentSchema schema, DocumentSchema events, StreamSource<String> source) {
        DocumentCatalog.publish(client, "trades", schema);                    // the schema in the cluster first
        DocumentStream stream = DocumentStream.into("trades", schema).format(DocumentFormat.XML)
                .key("trade.tradeHeader.partyTradeIdentifier[0].tradeId")    // without: the messages' keys
                .evolving(true);
        Properties kafka = new Properties();
        kafka.setProperty("bootstrap.servers", "127.0.0.1:9092");
        Job job = client.getJet().newJob(DocumentPipelines.kafka(kafka, stream, "trades"), stream.jobConfig());

        Pipeline fromAnySource = DocumentPipelines.stream(source, DocumentStream.into("events", events).key("id"));
        client.getJet().newJob(fromAnySource);
        return job;
    }

    static void streamMetrics(MeterRegistry prometheus) {
        new StreamMetrics().bindTo(prometheus);
    }

    static void queries(IMap<Object, Object> trades) {
        trades.keySet(Predicates.equal("trade.tradeHeader.tradeDate", "2018-01-29"));
        trades.keySet(Predicates.equal("party[any].partyName", "ABC Bank"));
        trades.keySet(Predicates.sql("trade.tradeHeader.partyTradeIdentifier[any].tradeId[any] = 'CONTR3456'"));
        trades.addIndex(IndexType.HASH, "party[any].partyName");
    }
}
