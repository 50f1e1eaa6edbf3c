package io.navpack.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xmlunit.builder.DiffBuilder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code navpack infer} and {@code navpack convert} end to end, on the jar the build made ({@code java -jar
 * target/navpack.jar}): the shared FpML documents to .npk files and back to XML equal to the originals, JSON and
 * CSV the same, failures reported in the summary with their reasons.
 */
class DocumentsCommandsIT {
    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {
    }

    private Run navpack(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", Path.of("target", "navpack.jar").toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout-" + System.nanoTime());
        Path err = dir.resolve("stderr-" + System.nanoTime());
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("navpack %s finished", List.of(args)).isTrue();
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Path fpml() {
        return SharedData.fpml();
    }

    private static List<Path> files(Path root, String ext) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(f -> f.toString().endsWith(ext)).sorted().toList();
        }
    }

    @Test
    void fpmlToNavpackAndBackToXml() throws Exception {
        Path fpml = fpml();
        Run infer = navpack("infer", fpml.toString());
        assertThat(infer.exit()).as(infer.err()).isZero();
        assertThat(infer.err()).contains("491 documents").contains("491/491 files");
        Path schema = dir.resolve("fpml.schema.json");
        Files.writeString(schema, infer.out());

        Run toNpk = navpack("convert", "--schema", schema.toString(), "--to", "navpack", "--out", "npk", fpml.toString());
        assertThat(toNpk.exit()).as(toNpk.out() + toNpk.err()).isZero();
        assertThat(toNpk.out()).contains("converted 491 documents in 491 files to navpack").contains("KB in").contains("out (");
        assertThat(files(dir.resolve("npk"), ".npk")).hasSize(491);

        Run toXml = navpack("convert", "--schema", schema.toString(), "--to", "xml", "--out", "xml", "npk");
        assertThat(toXml.exit()).as(toXml.out() + toXml.err()).isZero();
        List<Path> originals = files(fpml, ".xml");
        for (Path original : originals) {
            Path back = dir.resolve("xml").resolve(fpml.relativize(original));
            assertThat(DiffBuilder.compare(original.toFile()).withTest(back.toFile()).ignoreWhitespace().ignoreComments()
                    .checkForSimilar().build().hasDifferences()).as(original.toString()).isFalse();
        }
        // and XML through JSON: the JSON converts back with the same schema
        Run toJson = navpack("convert", "--schema", schema.toString(), "--to", "json", "--out", "json", "npk");
        assertThat(toJson.exit()).as(toJson.out()).isZero();
        Run jsonToXml = navpack("convert", "--schema", schema.toString(), "--to", "xml", "--out", "xml2", "json");
        assertThat(jsonToXml.exit()).as(jsonToXml.out()).isZero();
        Path one = originals.get(originals.size() / 2);
        assertThat(DiffBuilder.compare(one.toFile()).withTest(dir.resolve("xml2").resolve(fpml.relativize(one)).toFile())
                .ignoreWhitespace().ignoreComments().checkForSimilar().build().hasDifferences()).isFalse();
    }

    @Test
    void jsonAndCsvRoundTripAndFailuresAreReported() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.writeString(in.resolve("a.json"), "{\"id\": 1, \"price\": 12.50, \"day\": \"2024-05-31\", \"tags\": [\"x\"], \"n\": null}");
        Files.writeString(in.resolve("b.json"), "{\"id\": 2, \"price\": 3, \"day\": \"2024-06-01\", \"tags\": [], \"extra\": {\"k\": true}}");
        Run infer = navpack("infer", "--type", "order", in.resolve("a.json").toString());
        assertThat(infer.exit()).isZero();
        Path schema = dir.resolve("order.json.schema");
        Files.writeString(schema, infer.out());
        Files.writeString(in.resolve("broken.json"), "{\"id\": 3,\n \"price\": }");
        Run conv = navpack("convert", "--schema", schema.toString(), "--to", "navpack", "--out", "npk", in.toString());
        assertThat(conv.exit()).isEqualTo(1);
        assertThat(conv.out()).contains("converted 2 documents in 2 files").contains("1 files failed")
                .contains("broken.json:2:").contains("the schema grew")
                // which document made it grow, and what grew
                .containsPattern("\\n  \\S*b\\.json: [^\\n]*order v\\d: [^\\n]*\\+extra");
        Run back = navpack("convert", "--schema", schema.toString(), "--to", "json", "--out", "back", "npk");
        assertThat(back.exit()).as(back.out()).isZero();
        ObjectMapper m = new ObjectMapper();
        for (String f : List.of("a", "b")) {
            JsonNode original = m.readTree(in.resolve(f + ".json").toFile());
            JsonNode again = m.readTree(dir.resolve("back").resolve(f + ".json").toFile());
            assertThat(again).isEqualTo(original);
        }

        String csv = "id,name,when,amount\n1,Ann,2024-01-01,10.50\n2,\"Smith, J\",2024-01-02,\n3,Zoë,2024-01-03,7\n";
        Files.writeString(dir.resolve("rows.csv"), csv);
        Run csvSchema = navpack("infer", "--format", "csv", "rows.csv");
        assertThat(csvSchema.exit()).isZero();
        Files.writeString(dir.resolve("rows.schema.json"), csvSchema.out());
        assertThat(navpack("convert", "--schema", "rows.schema.json", "--to", "navpack", "--out", "rows", "rows.csv").exit()).isZero();
        assertThat(navpack("convert", "--schema", "rows.schema.json", "--to", "csv", "--out", "rows-back", "rows/rows.npk").exit()).isZero();
        assertThat(Files.readString(dir.resolve("rows-back/rows.csv"), StandardCharsets.UTF_8)).isEqualTo(csv);
    }

    @Test
    void aHostileDocumentIsRefused() throws Exception {
        Files.writeString(dir.resolve("ok.xml"), "<doc><a>1</a></doc>");
        Files.writeString(dir.resolve("xxe.xml"), "<?xml version=\"1.0\"?>\n<!DOCTYPE doc [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<doc><a>&e;</a></doc>");
        Run infer = navpack("infer", "ok.xml");
        Files.writeString(dir.resolve("doc.json"), infer.out());
        Run conv = navpack("convert", "--schema", "doc.json", "--to", "navpack", "--out", "out", "xxe.xml", "ok.xml");
        assertThat(conv.exit()).isEqualTo(1);
        assertThat(conv.out()).contains("xxe.xml:").contains("DTD").doesNotContain("root:");
        assertThat(dir.resolve("out/ok.npk")).exists();
        assertThat(dir.resolve("out/xxe.npk")).doesNotExist();
    }
}
