package io.navpack.documents;

import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A schema that grows together with copies elsewhere ({@link DocumentSchema.SharedGrowth}): a document that finds the
 * schema grown by others, again and again, before its own growth, is still stored; one whose growth changes nothing is
 * refused after its own few tries.
 */
class SharedGrowthTest {
    private static byte[] json(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static DocumentSchema events() {
        SchemaInference inf = SchemaInference.of(DocumentFormat.JSON).name("ev");
        for (int i = 0; i < 5; i++) {
            inf.add(json("{\"id\":\"E" + i + "\",\"amount\":" + i + "}"), "sample-" + i);
        }
        return inf.infer();
    }

    @Test
    void aDocumentThatMeetsManyGrowthsElsewhereIsStillStoredAndGrowsTheSchemaOnce() {
        DocumentSchema mine = events();
        DocumentSchema elsewhere = DocumentSchema.parse(mine.toJson());
        int[] calls = {0};
        // the first 10 times this copy would grow, another member has just grown the cluster's copy (a field of its own
        // each time): this copy takes that one and tries the document again
        mine.sharedGrowth((schema, growHere) -> {
            if (++calls[0] <= 10) {
                elsewhere.transcoder().toNavpack(DocumentFormat.JSON, json("{\"id\":\"X\",\"amount\":1,\"other" + calls[0]
                        + "\":true}"), "elsewhere");
                assertThat(schema.adopt(DocumentSchema.parse(elsewhere.toJson()))).isTrue();
                return;
            }
            growHere.run();
        });
        byte[] value = mine.transcoder().toNavpack(DocumentFormat.JSON, json("{\"id\":\"E9\",\"amount\":9,\"venue\":\"XLON\"}"), "e9");
        assertThat(calls[0]).isEqualTo(11);
        assertThat(mine.evolutions()).as("grown here once").isEqualTo(1);
        PackedRecord r = PackedRecord.of(value, mine.registry());
        assertThat(r.get("venue")).isEqualTo("XLON");
        assertThat(r.get("other10")).isNull();
        assertThat(r.getString("id")).isEqualTo("E9");
    }

    @Test
    void withoutGrowthTheRefusalSaysHowToAllowIt() {
        DocumentSchema s = events();
        assertThatThrownBy(() -> s.transcoder().evolving(false).toNavpack(DocumentFormat.JSON,
                json("{\"id\":\"E9\",\"amount\":9,\"venue\":\"XLON\"}"), "e9"))
                .isInstanceOf(DocumentException.class)
                .hasMessageContaining("may not grow here")
                .hasMessageContaining("--evolve");
    }

    @Test
    void withoutGrowthADocumentBrokenAfterWhatDoesNotFitIsRefusedAsMalformed() {
        DocumentSchema s = SchemaInference.of(DocumentFormat.XML).name("doc").add(json("<doc><a>1</a></doc>"), "sample").infer();
        Transcoder t = s.transcoder().evolving(false);
        assertThatThrownBy(() -> t.toNavpack(json("<doc><b>2</b></doc>"), "fits-not.xml"))
                .hasMessageContaining("fits-not.xml").hasMessageContaining("may not grow here");
        assertThatThrownBy(() -> t.toNavpack(json("<doc><b>2</b><a>1</a>"), "broken.xml"))
                .isInstanceOf(DocumentException.class)
                .hasMessageContaining("broken.xml").hasMessageContaining("malformed XML");
        DocumentSchema ev = events();
        assertThatThrownBy(() -> ev.transcoder().evolving(false).toNavpack(DocumentFormat.JSON,
                json("{\"id\":\"E1\",\"amount\":1,\"venue\":\"X\",\"more\":"), "broken.json"))
                .isInstanceOf(DocumentException.class).hasMessageContaining("malformed JSON");
    }
}
