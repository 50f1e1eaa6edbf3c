package io.navpack.documents;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** An XML document refused while transcoding names the path of local names to where it went wrong. */
class XmlErrorPathTest {
    private static Transcoder transcoder;

    @BeforeAll
    static void schema() {
        transcoder = SchemaInference.of(DocumentFormat.XML).name("doc")
                .add(bytes("<doc><party id=\"p1\"><name>A</name><account><no>7</no></account></party>"
                        + "<party id=\"p2\"><name>B</name><account><no>8</no></account></party><a>1</a></doc>"), "sample.xml")
                .infer().transcoder().evolving(false);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static DocumentException refused(String doc) {
        DocumentException e = catchThrowableOfType(() -> transcoder.toNavpack(bytes(doc), "d.xml"), DocumentException.class);
        assertThat(e).as(doc).isNotNull();
        return e;
    }

    @Test
    void anUnknownElementIsNamedAfterItsParents() {
        assertThat(refused("<doc><party id=\"p1\"><name>A</name><account><no>7</no><zz>1</zz></account></party></doc>")
                .path()).isEqualTo("/doc/party/account/zz");
        assertThat(refused("<doc><zz/></doc>").path()).isEqualTo("/doc/zz");
    }

    @Test
    void aValueThatDoesNotFitIsNamedByItsElement() {
        assertThat(refused("<doc><party id=\"p1\"><name>A</name><account><no>x</no></account></party></doc>").path())
                .isEqualTo("/doc/party/account/no");
        assertThat(refused("<doc><party id=\"p1\"><name>A</name></party><a>b</a></doc>").path()).isEqualTo("/doc/a");
    }

    @Test
    void anUnknownRootIsItsOwnPath() {
        assertThat(refused("<other><a>1</a></other>").path()).isEqualTo("/other");
    }

    @Test
    void malformedXmlIsPlacedInsideTheElementBeingRead() {
        assertThat(refused("<doc><party id=\"p1\"><name>A</b></party></doc>").path()).isEqualTo("/doc/party/name");
        assertThat(refused("<doc><party id=\"p1\"><name>A</name></b></doc>").path()).isEqualTo("/doc/party");
        assertThat(refused("<doc><a>1</a></doc><doc/>").path()).isEqualTo("/");
    }
}
