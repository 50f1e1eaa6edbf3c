package io.navpack.documents;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** JSON to navpack and back, equal as trees, on generated documents with every kind of value. */
class JsonRoundTripTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyGeneratedDocumentComesBackEqual() {
        GeneratedDocuments g = new GeneratedDocuments(20260101L);
        List<String> docs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            docs.add(g.event(i));
        }
        SchemaInference inf = SchemaInference.of(DocumentFormat.JSON).name("events");
        for (String d : docs) {
            inf.add(utf8(d), "event");
        }
        DocumentSchema schema = DocumentSchema.parse(inf.infer().toJson());
        Transcoder t = schema.transcoder().evolving(false);
        for (int i = 0; i < docs.size(); i++) {
            byte[] doc = utf8(docs.get(i));
            byte[] value = t.toNavpack(doc, "event " + i);
            byte[] back = t.toDocument(value, DocumentFormat.JSON);
            String d = JsonTrees.difference(JsonTrees.tree(doc), JsonTrees.tree(back));
            assertThat(d).as("document %d: %s%nback: %s", i, docs.get(i), new String(back, StandardCharsets.UTF_8)).isNull();
        }
    }

    @Test
    void documentsBeyondTheSamplesGrowTheSchema() {
        GeneratedDocuments g = new GeneratedDocuments(7L);
        SchemaInference inf = SchemaInference.of(DocumentFormat.JSON).name("events");
        for (int i = 0; i < 5; i++) {
            inf.add(utf8(g.event(i)), "event");
        }
        DocumentSchema schema = inf.infer();
        Transcoder t = schema.transcoder();
        List<byte[]> docs = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] doc = utf8(i % 10 == 9 ? g.nonObject(i) : g.event(i));
            docs.add(doc);
            values.add(t.toNavpack(doc, "event " + i));
        }
        assertThat(schema.evolutions()).isPositive();
        DocumentSchema reread = DocumentSchema.parse(schema.toJson());
        Transcoder back = reread.transcoder();
        for (int i = 0; i < docs.size(); i++) {
            byte[] json = back.toDocument(values.get(i), DocumentFormat.JSON);
            String d = JsonTrees.difference(JsonTrees.tree(docs.get(i)), JsonTrees.tree(json));
            assertThat(d).as("document %d: %s%nback: %s", i, new String(docs.get(i), StandardCharsets.UTF_8),
                    new String(json, StandardCharsets.UTF_8)).isNull();
        }
    }

    @Test
    void negativeZeroStaysNegative() {
        byte[] doc = utf8("{\"a\": -0.0, \"b\": 1.5, \"c\": [-0.0, 2.5], \"d\": -0}");
        DocumentSchema s = SchemaInference.of(DocumentFormat.JSON).name("z").add(utf8("{\"a\": 1.5, \"b\": 2.5, \"c\": [1.5], \"d\": 1}"),
                "z.json").infer();
        Transcoder t = s.transcoder();
        byte[] back = t.toDocument(t.toNavpack(doc, "z.json"), DocumentFormat.JSON);
        assertThat(new String(back, StandardCharsets.UTF_8)).contains("\"a\":-0.0").contains("-0.0, 2.5]");
        com.fasterxml.jackson.databind.ObjectMapper plain = new com.fasterxml.jackson.databind.ObjectMapper();
        try {
            assertThat((Object) plain.readTree(back)).isEqualTo(plain.readTree(doc)); // -0.0 as a double: not 0.0
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        DocumentSchema inferred = SchemaInference.of(DocumentFormat.JSON).name("z").add(doc, "z.json").infer();
        Transcoder u = inferred.transcoder().evolving(false);
        assertThat(new String(u.toDocument(u.toNavpack(doc, "z.json"), DocumentFormat.JSON), StandardCharsets.UTF_8))
                .contains("\"a\":-0.0").contains("[-0.0,2.5]");
    }

    @Test
    void ndjsonLinesAreValues() throws IOException {
        GeneratedDocuments g = new GeneratedDocuments(3L);
        StringBuilder file = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            file.append(i % 7 == 6 ? g.nonObject(i) : g.event(i)).append(i % 5 == 0 ? "\r\n" : "\n");
            if (i % 11 == 0) {
                file.append("\n");
            }
        }
        byte[] bytes = utf8(file.toString());
        DocumentSchema schema = SchemaInference.of(DocumentFormat.NDJSON).name("events").add(bytes, "events.ndjson").infer();
        Transcoder t = schema.transcoder().evolving(false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long n;
        try (DocumentWriter w = t.writer(DocumentFormat.NDJSON, out)) {
            List<byte[]> values = new ArrayList<>();
            n = t.toNavpack(DocumentFormat.NDJSON, bytes, 0, bytes.length, "events.ndjson",
                    (buf, off, len) -> values.add(java.util.Arrays.copyOfRange(buf, off, off + len)));
            for (byte[] v : values) {
                w.write(v);
            }
        }
        assertThat(n).isEqualTo(50);
        List<String> in = new ArrayList<>();
        for (String l : file.toString().split("\r?\n")) {
            if (!l.isBlank()) {
                in.add(l);
            }
        }
        String[] back = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(back).hasSize(in.size());
        for (int i = 0; i < back.length; i++) {
            assertThat(JsonTrees.difference(JsonTrees.tree(utf8(in.get(i))), JsonTrees.tree(utf8(back[i])))).isNull();
        }
    }
}
