package io.navpack.bench.docs;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import com.fasterxml.aalto.stax.OutputFactoryImpl;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared FpML documents (-Dnavpack.fpml.dir, else {@code ../shared/data/fpml} from the working directory),
 * loaded once per JVM: the XML files, the schema inferred from them, their navpack values, and the same documents
 * as JSON the way a user would store them in a {@code HazelcastJsonValue} (Jackson's {@code XmlMapper} tree
 * written as JSON) with a JSON schema inferred from those.
 */
public final class FpmlDocuments {
    /** Jackson's XML mapper on the same Aalto parser and writer navpack reads with. */
    public static final XmlMapper XML_MAPPER = new XmlMapper(new XmlFactory(new InputFactoryImpl(), new OutputFactoryImpl()));
    public static final ObjectMapper JSON_MAPPER = new ObjectMapper();

    private static FpmlDocuments instance;

    public final List<Path> files = new ArrayList<>();
    public final List<byte[]> xml = new ArrayList<>();
    public final DocumentSchema xmlSchema;
    public final List<byte[]> xmlValues = new ArrayList<>();
    public final List<byte[]> json = new ArrayList<>();
    public final DocumentSchema jsonSchema;
    public final List<byte[]> jsonValues = new ArrayList<>();
    public final Path root;

    private FpmlDocuments() {
        root = dir();
        files.addAll(SchemaInference.files(root, DocumentFormat.XML));
        SchemaInference xmlInference = SchemaInference.of(DocumentFormat.XML).name("fpml");
        SchemaInference jsonInference = SchemaInference.of(DocumentFormat.JSON).name("fpml");
        try {
            for (Path f : files) {
                byte[] doc = Files.readAllBytes(f);
                xml.add(doc);
                xmlInference.add(doc, f.toString());
                JsonNode tree = XML_MAPPER.readTree(doc);
                byte[] asJson = JSON_MAPPER.writeValueAsBytes(tree);
                json.add(asJson);
                jsonInference.add(asJson, f + " as JSON");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        xmlSchema = xmlInference.infer();
        jsonSchema = jsonInference.infer();
        Transcoder x = xmlSchema.transcoder().evolving(false);
        for (byte[] d : xml) {
            xmlValues.add(x.toNavpack(d, "fpml"));
        }
        Transcoder j = jsonSchema.transcoder().evolving(false);
        for (byte[] d : json) {
            jsonValues.add(j.toNavpack(d, "fpml json"));
        }
    }

    public static synchronized FpmlDocuments get() {
        if (instance == null) {
            instance = new FpmlDocuments();
        }
        return instance;
    }

    public static Path dir() {
        String configured = System.getProperty("navpack.fpml.dir");
        List<Path> candidates = configured != null ? List.of(Path.of(configured))
                : List.of(Path.of("..", "shared", "data", "fpml"), Path.of("..", "..", "shared", "data", "fpml"));
        for (Path p : candidates) {
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        throw new IllegalStateException("the FpML documents are not at " + candidates + ": set -Dnavpack.fpml.dir");
    }

    /** Mean bytes per document of {@code docs}. */
    public static double meanSize(List<byte[]> docs) {
        long n = 0;
        for (byte[] d : docs) {
            n += d.length;
        }
        return n / (double) docs.size();
    }
}
