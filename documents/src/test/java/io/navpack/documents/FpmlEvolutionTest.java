package io.navpack.documents;

import org.junit.jupiter.api.Test;
import org.xmlunit.builder.DiffBuilder;
import org.xmlunit.diff.Diff;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A schema inferred from half of the FpML set holds the other half by growing; every value of every version still reads. */
class FpmlEvolutionTest {
    @Test
    void theOtherHalfGrowsTheSchemaAndEverythingComesBack() {
        List<Path> files = FpmlSet.files();
        SchemaInference inf = SchemaInference.of(DocumentFormat.XML).name("fpml");
        for (int i = 0; i < files.size(); i += 2) {
            inf.add(FpmlSet.read(files.get(i)), files.get(i).toString());
        }
        DocumentSchema schema = inf.infer();
        Transcoder t = schema.transcoder();
        List<byte[]> values = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int i = 1; i < files.size(); i += 2) {
            byte[] doc = FpmlSet.read(files.get(i));
            try {
                byte[] v = t.toNavpack(doc, files.get(i).toString());
                values.add(v);
                sizes.add(v.length);
                ratios.add(v.length / (double) doc.length);
            } catch (DocumentException e) {
                failures.add(e.getMessage());
                values.add(null);
            }
        }
        // every value, of whatever version, back against its document
        int k = 0;
        for (int i = 1; i < files.size(); i += 2, k++) {
            if (values.get(k) == null) {
                continue;
            }
            byte[] doc = FpmlSet.read(files.get(i));
            byte[] back = t.toDocument(values.get(k), DocumentFormat.XML);
            Diff d = DiffBuilder.compare(doc).withTest(back).ignoreWhitespace().ignoreComments().checkForSimilar().build();
            if (d.hasDifferences()) {
                failures.add(files.get(i) + ": " + d);
            }
        }
        sizes.sort(null);
        ratios.sort(null);
        System.out.println("held out: " + sizes.size() + " documents, " + schema.evolutions() + " evolutions, median "
                + sizes.get(sizes.size() / 2) + " B, median ratio " + ratios.get(ratios.size() / 2));
        assertThat(failures).isEmpty();
        assertThat(schema.evolutions()).isPositive();
    }
}
