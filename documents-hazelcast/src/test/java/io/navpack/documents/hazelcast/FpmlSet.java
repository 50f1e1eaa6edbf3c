package io.navpack.documents.hazelcast;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared FpML documents, and an oracle over them parsed as DOM trees: values by element names. Public for the
 * distribution's smoke test (module dist), which takes it from this module's test-jar.
 */
public final class FpmlSet {
    private FpmlSet() {
    }

    public static Path dir() {
        Path p = Path.of(System.getProperty("navpack.fpml.dir", "../../shared/data/fpml")).toAbsolutePath().normalize();
        assertThat(p).as("the shared FpML documents (-Dnavpack.fpml.dir)").isDirectory();
        return p;
    }

    public static List<Path> files() throws IOException {
        try (Stream<Path> s = Files.walk(dir())) {
            return s.filter(f -> f.toString().endsWith(".xml")).sorted().toList();
        }
    }

    /** A document's key as a load without a key path gives it: its path below the directory, without extension. */
    public static String key(Path file) {
        String rel = dir().relativize(file).toString().replace('\\', '/');
        return rel.substring(0, rel.length() - ".xml".length());
    }

    /** Every document's root element by its key. */
    public static Map<String, Element> parse() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder b = f.newDocumentBuilder();
        Map<String, Element> out = new LinkedHashMap<>();
        for (Path p : files()) {
            Document d = b.parse(p.toFile());
            out.put(key(p), d.getDocumentElement());
        }
        return out;
    }

    /**
     * The texts at a path of element names from the root ({@code trade.tradeHeader.tradeDate}; {@code [any]} and
     * {@code [n]} are read as every occurrence, which is what the paths of the tests select).
     */
    public static List<String> values(Element root, String path) {
        List<Element> current = List.of(root);
        for (String step : path.replaceAll("\\[[^]]*]", "").split("\\.")) {
            List<Element> next = new ArrayList<>();
            for (Element e : current) {
                for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
                    if (c instanceof Element ce && step.equals(ce.getLocalName())) {
                        next.add(ce);
                    }
                }
            }
            current = next;
        }
        return current.stream().map(Element::getTextContent).toList();
    }
}
