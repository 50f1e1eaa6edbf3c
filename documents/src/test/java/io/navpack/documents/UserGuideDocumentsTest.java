package io.navpack.documents;

import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The Java snippets of docs/user-guide.md, "Documents without classes", run. */
class UserGuideDocumentsTest {
    @TempDir
    Path dir;

    @Test
    void inferTranscodeAndRead() throws IOException {
        Path samples = Files.createDirectories(dir.resolve("trades"));
        Files.writeString(samples.resolve("t1.xml"), "<trade id=\"T1\"><currency>EUR</currency><amount>100.50</amount></trade>");
        Files.writeString(samples.resolve("t2.xml"), "<trade id=\"T2\"><currency>USD</currency><amount>7</amount></trade>");
        Path schemaFile = dir.resolve("trades.schema.json");
        byte[] xml = Files.readAllBytes(samples.resolve("t1.xml"));

        DocumentSchema schema = SchemaInference.of(DocumentFormat.XML)
                .name("trades")                               // type names trades.trade, ...
                .addPath(samples)                             // every .xml file below
                .infer();
        schema.write(schemaFile);                            // JSON: read it, edit it, commit it

        Transcoder t = DocumentSchema.read(schemaFile).transcoder();   // one per thread
        byte[] value = t.toNavpack(xml, "t1.xml");                     // XML to a navpack value
        byte[] back = t.toDocument(value, DocumentFormat.XML);          // and back
        byte[] json = t.toDocument(value, DocumentFormat.JSON);         // or as JSON

        PackedRecord trade = PackedRecord.of(value, t.schema().registry());
        String currency = trade.getString("currency");                 // "EUR", one field decoded

        assertThat(currency).isEqualTo("EUR");
        assertThat(trade.getDecimal("amount")).isEqualByComparingTo("100.50");
        assertThat(new String(back, StandardCharsets.UTF_8)).contains("<trade id=\"T1\"><currency>EUR</currency>");
        assertThat(new String(json, StandardCharsets.UTF_8)).isEqualTo("{\"trade\":{\"id\":\"T1\",\"currency\":\"EUR\",\"amount\":100.50}}");
    }

    @Test
    void manyDocumentsAndEvolution() throws IOException {
        byte[] lines = "{\"id\":1,\"type\":\"created\"}\n{\"id\":2,\"type\":\"deleted\",\"reason\":\"duplicate\"}\n"
                .getBytes(StandardCharsets.UTF_8);
        DocumentSchema schema = SchemaInference.of(DocumentFormat.NDJSON).name("events")
                .add("{\"id\":0,\"type\":\"created\"}".getBytes(StandardCharsets.UTF_8), "sample.ndjson").infer();
        SchemaRegistry registry = new SchemaRegistry();
        ByteArrayOutputStream npk = new ByteArrayOutputStream();
        OutputStream out = npk;
        Transcoder t = schema.transcoder();

        schema.registerIn(registry);                                   // the values' schemas, every version
        schema.onEvolution(s -> s.registerIn(registry));               // and those it grows
        long n = t.toNavpack(DocumentFormat.NDJSON, lines, 0, lines.length, "events.ndjson",
                (buf, off, len) -> NpkFiles.write(out, buf, off, len)); // a value per line, not copied
        List<PackedRecord> records = new ArrayList<>();
        t.toRecords(DocumentFormat.NDJSON, lines, 0, lines.length, "events.ndjson",
                records::add);                                          // or a PackedRecord per value (a copy)

        assertThat(n).isEqualTo(2);
        assertThat(records).hasSize(2);
        assertThat(records.get(0).validate()).isEqualTo(PackedRecord.of(Arrays.copyOfRange(records.get(0).array(),
                records.get(0).offset(), records.get(0).offset() + records.get(0).length()), registry).validate());
        assertThat(schema.evolutions()).isEqualTo(1);
        assertThat(registry.schemas()).hasSizeGreaterThanOrEqualTo(2);
        ByteArrayOutputStream ndjson = new ByteArrayOutputStream();
        try (DocumentWriter w = t.writer(DocumentFormat.NDJSON, ndjson)) {
            NpkFiles.read(npk.toByteArray(), w::write);
        }
        assertThat(ndjson.toString(StandardCharsets.UTF_8)).isEqualTo(new String(lines, StandardCharsets.UTF_8));
        assertThat(List.of(schema.toJson().split("\n"))).anyMatch(l -> l.contains("\"reason\"") && l.contains("\"since\": 2"));
    }
}
