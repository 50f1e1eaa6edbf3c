package io.navpack.documents;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CSV to navpack and back: the same rows, cell for cell. */
class CsvRoundTripTest {
    static List<List<String>> rows(byte[] csv) throws IOException {
        CsvMapper m = new CsvMapper();
        m.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        m.enable(CsvParser.Feature.SKIP_EMPTY_LINES);
        List<List<String>> out = new ArrayList<>();
        try (MappingIterator<String[]> it = m.readerFor(String[].class).readValues(csv)) {
            while (it.hasNext()) {
                out.add(Arrays.asList(it.next()));
            }
        }
        return out;
    }

    private static byte[] roundTrip(DocumentSchema schema, byte[] csv, String name) throws IOException {
        Transcoder t = schema.transcoder();
        List<byte[]> values = new ArrayList<>();
        t.toNavpack(DocumentFormat.CSV, csv, 0, csv.length, name, (b, off, len) -> values.add(Arrays.copyOfRange(b, off, off + len)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DocumentWriter w = schema.transcoder().writer(DocumentFormat.CSV, out)) {
            for (byte[] v : values) {
                w.write(v);
            }
        }
        return out.toByteArray();
    }

    @Test
    void generatedRowsComeBackTheSame() throws IOException {
        byte[] csv = new GeneratedDocuments(11L).csv(400).getBytes(StandardCharsets.UTF_8);
        DocumentSchema schema = DocumentSchema.parse(SchemaInference.of(DocumentFormat.CSV).name("rows").add(csv, "rows.csv")
                .infer().toJson());
        byte[] back = roundTrip(schema, csv, "rows.csv");
        assertThat(rows(back)).isEqualTo(rows(csv));
        RecType root = schema.model().roots.get(0);
        assertThat(root.slot("id").shape.text).isEqualTo(TextType.LONG);
        assertThat(root.slot("when").shape.text).isEqualTo(TextType.DATE);
        assertThat(root.slot("flag").shape.text).isEqualTo(TextType.BOOLEAN);
        assertThat(root.slot("code").shape.kind).isEqualTo(Shape.Kind.ENUM); // 007 is no number: it would lose its zeros
        assertThat(root.slot("quoted__column").name).isEqualTo("quoted, column");
    }

    @Test
    void everyRowIsARecordThatKnowsItsSchemas() {
        byte[] csv = new GeneratedDocuments(12L).csv(50).getBytes(StandardCharsets.UTF_8);
        DocumentSchema schema = SchemaInference.of(DocumentFormat.CSV).name("rows").add(csv, "rows.csv").infer();
        Transcoder t = schema.transcoder();
        List<byte[]> values = new ArrayList<>();
        t.toNavpack(DocumentFormat.CSV, csv, 0, csv.length, "rows.csv", (b, off, len) -> values.add(Arrays.copyOfRange(b, off, off + len)));
        List<PackedRecord> records = new ArrayList<>();
        t.toRecords(DocumentFormat.CSV, csv, 0, csv.length, "rows.csv", records::add);
        assertThat(records).hasSize(values.size()).hasSize(50);
        for (int i = 0; i < records.size(); i++) {
            PackedRecord r = records.get(i);
            assertThat(Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.length())).isEqualTo(values.get(i));
            assertThat(r.validate()).isEqualTo(PackedRecord.of(values.get(i), schema.registry()).validate());
        }
    }

    @Test
    void aFileWithAnotherHeaderGrowsTheSchemaAndKeepsItsColumns() throws IOException {
        byte[] first = "a,b,c\n1,x,2024-01-01\n2,y,2024-01-02\n".getBytes(StandardCharsets.UTF_8);
        byte[] second = "c,a,d\nnot a date,3,new\n2024-02-02,4,\n".getBytes(StandardCharsets.UTF_8);
        DocumentSchema schema = SchemaInference.of(DocumentFormat.CSV).name("rows").add(first, "first.csv").infer();
        assertThat(rows(roundTrip(schema, first, "first.csv"))).isEqualTo(rows(first));
        assertThat(rows(roundTrip(schema, second, "second.csv"))).isEqualTo(rows(second));
        assertThat(schema.evolutions()).isPositive();
        assertThat(rows(roundTrip(DocumentSchema.parse(schema.toJson()), first, "first.csv"))).isEqualTo(rows(first));
    }

    @Test
    void aRowOfAnotherWidthIsRefusedWithItsLine() {
        byte[] csv = "a,b\n1,2\n3\n".getBytes(StandardCharsets.UTF_8);
        DocumentSchema schema = SchemaInference.of(DocumentFormat.CSV).name("rows").add("a,b\n1,2\n".getBytes(StandardCharsets.UTF_8), "ok.csv").infer();
        assertThatThrownBy(() -> roundTrip(schema, csv, "bad.csv")).isInstanceOf(DocumentException.class)
                .hasMessageContaining("bad.csv:3").hasMessageContaining("1 cells under a header of 2 columns");
    }

    @Test
    void malformedCsvNamesLineAndColumn() {
        byte[] csv = "a,b\n1,\"open\n".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.CSV).add(csv, "broken.csv"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("broken.csv:").hasMessageContaining("malformed CSV");
    }
}
