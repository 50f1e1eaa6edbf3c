package io.navpack.documents;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xmlunit.builder.DiffBuilder;
import org.xmlunit.diff.Diff;

import java.nio.file.Path;
import io.navpack.format.PackedRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FpmlRoundTripTest {
    static DocumentSchema schema;
    static List<Path> files;

    @BeforeAll
    static void infer() {
        files = FpmlSet.files();
        SchemaInference inf = SchemaInference.of(DocumentFormat.XML).name("fpml");
        for (Path f : files) {
            inf.add(FpmlSet.read(f), f.toString());
        }
        schema = DocumentSchema.parse(inf.infer().toJson()); // through the schema file
    }

    @Test
    void everyDocumentComesBackEqual() {
        Transcoder t = schema.transcoder();
        List<String> failures = new ArrayList<>();
        long xml = 0;
        long npk = 0;
        List<Integer> sizes = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (Path f : files) {
            byte[] doc = FpmlSet.read(f);
            try {
                byte[] value = t.toNavpack(doc, f.toString());
                byte[] back = t.toDocument(value, DocumentFormat.XML);
                Diff d = DiffBuilder.compare(doc).withTest(back).ignoreWhitespace().ignoreComments().checkForSimilar().build();
                if (d.hasDifferences()) {
                    failures.add(f + ": " + d.toString().substring(0, Math.min(600, d.toString().length())));
                }
                xml += doc.length;
                npk += value.length;
                sizes.add(value.length);
                ratios.add(value.length / (double) doc.length);
            } catch (RuntimeException e) {
                failures.add(f + ": " + e);
            }
        }
        sizes.sort(null);
        ratios.sort(null);
        System.out.println("documents " + files.size() + " xml " + xml + " navpack " + npk + " median " + sizes.get(sizes.size() / 2)
                + " median ratio " + ratios.get(ratios.size() / 2) + " types " + schema.model().types.size());
        System.out.println();
        if (Boolean.getBoolean("navpack.sizes")) {
            SizeAnalysis.run(schema, files);
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void everyDocumentComesBackEqualThroughJson() {
        Transcoder t = schema.transcoder().evolving(false);
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            byte[] doc = FpmlSet.read(f);
            try {
                byte[] json = t.toDocument(t.toNavpack(doc, f.toString()), DocumentFormat.JSON);
                JsonTrees.tree(json); // JSON that parses
                byte[] back = t.toDocument(t.toNavpack(DocumentFormat.JSON, json, f + " as JSON"), DocumentFormat.XML);
                Diff d = DiffBuilder.compare(doc).withTest(back).ignoreWhitespace().ignoreComments().checkForSimilar().build();
                if (d.hasDifferences()) {
                    failures.add(f + ": " + d.toString().substring(0, Math.min(600, d.toString().length())));
                }
            } catch (RuntimeException e) {
                failures.add(f + ": " + e);
            }
        }
        assertThat(failures).isEmpty();
    }

    /**
     * The records a transcoder hands out know their schemas (the serializer stores them without checking them
     * again): for every document the same bytes as toNavpack and the same schemas a full check finds, own first.
     */
    @Test
    void recordsKnowTheSchemasAFullCheckFinds() {
        Transcoder t = schema.transcoder().evolving(false);
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            byte[] doc = FpmlSet.read(f);
            byte[] value = t.toNavpack(doc, f.toString());
            List<PackedRecord> records = new ArrayList<>();
            t.toRecords(DocumentFormat.XML, doc, 0, doc.length, f.toString(), records::add);
            assertThat(records).hasSize(1);
            PackedRecord r = records.get(0);
            List<?> full = PackedRecord.of(value, schema.registry()).validate();
            if (!Arrays.equals(r.array(), r.offset(), r.offset() + r.length(), value, 0, value.length) || !r.validate().get(0).equals(full.get(0))
                    || !new HashSet<>(r.validate()).equals(new HashSet<>(full)) || r.validate().size() != full.size()) {
                failures.add(f + ": " + r.validate() + " against " + full);
            }
        }
        assertThat(failures).isEmpty();
    }
}
