package io.navpack.documents;

import com.sun.management.ThreadMXBean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Documents written to attack the reader: external entities, entity expansion, deep nesting, huge texts,
 * malformed input. Each is refused with a {@link DocumentException} naming the file, line and column, without
 * reading any file and without memory growing with what the document announces.
 */
class HostileDocumentsTest {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static DocumentSchema xmlSchema;

    @TempDir
    static Path dir;

    @BeforeAll
    static void schema() {
        xmlSchema = SchemaInference.of(DocumentFormat.XML).name("doc")
                .add(bytes("<doc><a>1</a></doc>"), "sample.xml").infer();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static long allocated(Runnable r) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        r.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    /** A named pipe: a reader that opens it blocks until a writer comes, so reading it would hang the test. */
    private static Path fifo() throws Exception {
        Path p = dir.resolve("secret-" + System.nanoTime());
        Process mk = new ProcessBuilder("mkfifo", p.toString()).start();
        assertThat(mk.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(mk.exitValue()).isZero();
        return p;
    }

    @Test
    void anExternalEntityIsRefusedWithoutReadingTheFile() throws Exception {
        Path secret = fifo();
        byte[] xxe = bytes("<?xml version=\"1.0\"?>\n<!DOCTYPE doc [<!ENTITY e SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<doc><a>&e;</a></doc>");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(xxe, "xxe.xml"))
                    .isInstanceOf(DocumentException.class)
                    .hasMessageContaining("xxe.xml:").hasMessageContaining("DTD");
            assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.XML).add(xxe, "xxe.xml"))
                    .isInstanceOf(DocumentException.class).hasMessageContaining("DTD");
        });
        // an external DTD too
        byte[] external = bytes("<!DOCTYPE doc SYSTEM \"" + secret.toUri() + "\"><doc/>");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(external, "external.xml"))
                        .isInstanceOf(DocumentException.class).hasMessageContaining("DTD"));
    }

    @Test
    void aDoctypeIsReportedWhereItStarts() {
        byte[] second = bytes("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE doc>\n<doc/>");
        assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(second, "dt.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("dt.xml:2:1 ").hasMessageContaining("DOCTYPE");
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.XML).add(second, "dt.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("dt.xml:2:1 ");
        byte[] indented = bytes("<?xml version=\"1.0\"?>\n\n   <!DOCTYPE doc [<!ENTITY e \"x\">]><doc/>");
        assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(indented, "in.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("in.xml:3:4 ");
        byte[] first = bytes("<!DOCTYPE doc><doc/>");
        assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(first, "first.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("first.xml:1:1 ");
    }

    @Test
    void billionLaughsIsRefusedWithoutGrowingMemory() {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n");
        for (int i = 1; i <= 9; i++) {
            b.append("<!ENTITY lol").append(i).append(" \"");
            for (int k = 0; k < 10; k++) {
                b.append("&lol").append(i == 1 ? "" : Integer.toString(i - 1)).append(';');
            }
            b.append("\">\n");
        }
        b.append("]>\n<doc><a>&lol9;</a></doc>");
        byte[] lolz = bytes(b.toString());
        Transcoder t = xmlSchema.transcoder();
        long bytes = allocated(() -> assertThatThrownBy(() -> t.toNavpack(lolz, "lolz.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("lolz.xml:").hasMessageContaining("DTD"));
        assertThat(bytes).as("bytes allocated refusing a billion laughs").isLessThan(4L << 20);
    }

    @Test
    void anUndeclaredEntityIsMalformed() {
        assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(bytes("<doc>\n<a>&nope;</a></doc>"), "entity.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("entity.xml:2:");
    }

    @Test
    void aProcessingInstructionIsRefusedNotDropped() {
        assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(bytes("<doc><?pi data?><a>1</a></doc>"), "pi.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("pi.xml:1:").hasMessageContaining("processing instruction");
    }

    @Test
    void deepNestingIsRefusedAtTheLimit() {
        String deep = "<a>".repeat(40) + "</a>".repeat(40);
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.XML).add(bytes(deep), "deep.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("deep.xml:1:").hasMessageContaining("Limits.maxDepth");
        String deepJson = "[".repeat(40) + "]".repeat(40);
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.JSON).add(bytes(deepJson), "deep.json"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("deep.json:1:").hasMessageContaining("limit");
        // and a schema deeper than a value may be cannot be read with a deeper limit either
        assertThatThrownBy(() -> Limits.DEFAULT.withMaxDepth(40)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hugeDocumentsAndTextsAreRefusedAtTheirLimits() {
        Limits small = Limits.DEFAULT.withMaxDocumentBytes(1000).withMaxTextLength(100);
        String big = "<doc><a>" + "x".repeat(2000) + "</a></doc>";
        assertThatThrownBy(() -> xmlSchema.transcoder(small).toNavpack(bytes(big), "big.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("maxDocumentBytes");
        String longText = "<doc><a>" + "x".repeat(500) + "</a></doc>";
        assertThatThrownBy(() -> xmlSchema.transcoder(small).toNavpack(bytes(longText), "long.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("long.xml:1:").hasMessageContaining("maxTextLength");
        DocumentSchema json = SchemaInference.of(DocumentFormat.JSON).add(bytes("{\"a\":\"x\"}"), "a.json").infer();
        assertThatThrownBy(() -> json.transcoder(small).toNavpack(bytes("{\"a\":\"" + "y".repeat(500) + "\"}"), "long.json"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("long.json:1:").hasMessageContaining("limit");
    }

    @Test
    void malformedXmlNamesLineAndColumn() {
        assertThatThrownBy(() -> xmlSchema.transcoder().toNavpack(bytes("<doc>\n  <a>1</b>\n</doc>"), "bad.xml"))
                .isInstanceOf(DocumentException.class)
                .satisfies(e -> {
                    DocumentException d = (DocumentException) e;
                    assertThat(d.source()).isEqualTo("bad.xml");
                    assertThat(d.line()).isEqualTo(2);
                    assertThat(d.column()).isPositive();
                    assertThat(d.getMessage()).contains("malformed XML");
                });
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.XML).add(bytes("<doc><a>1</a>"), "truncated.xml"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("truncated.xml:1:");
    }

    @Test
    void malformedJsonNamesLineAndColumn() {
        byte[] bad = bytes("{\"a\": 1,\n \"b\": [1, 2,, 3]}");
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.JSON).add(bad, "bad.json"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("bad.json:2:").hasMessageContaining("malformed JSON");
        byte[] twice = bytes("{\"a\": 1, \"a\": 2}");
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.JSON).add(twice, "twice.json"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("twice.json:1:");
        byte[] lines = bytes("{\"a\":1}\n{\"a\":2}\n{\"a\":\n");
        assertThatThrownBy(() -> SchemaInference.of(DocumentFormat.NDJSON).add(lines, "lines.ndjson"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("lines.ndjson:3:");
    }

    @Test
    void aDocumentThatCannotGrowTheSchemaIsRefusedWithItsPath() throws Exception {
        Path file = dir.resolve("other.xml");
        Files.writeString(file, "<doc>\n  <a>1</a>\n  <b>2</b>\n</doc>");
        assertThatThrownBy(() -> xmlSchema.transcoder().evolving(false).toNavpack(Files.readAllBytes(file), file.toString()))
                .isInstanceOf(DocumentException.class)
                .hasMessageContaining(file + ":3:").hasMessageContaining("/doc/b").hasMessageContaining("not in type doc.doc");
    }
}
