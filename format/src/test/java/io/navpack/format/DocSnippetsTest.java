package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every Java snippet in docs/ is code that a test compiles: each paragraph of a snippet appears,
 * whitespace aside, in a source file of the project.
 */
class DocSnippetsTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    private static String collapse(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }

    @Test
    void javaSnippetsComeFromCompiledCode() throws IOException {
        Path root = Path.of(System.getProperty("basedir", "."), "..").normalize();
        List<String> sources;
        try (Stream<Path> files = Files.walk(root)) {
            sources = files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/"))
                    .map(p -> {
                        try {
                            return collapse(Files.readString(p));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).collect(Collectors.toList());
        }
        List<String> missing = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            for (Path doc : (Iterable<Path>) docs.filter(p -> p.toString().endsWith(".md"))::iterator) {
                Matcher m = JAVA_BLOCK.matcher(Files.readString(doc));
                while (m.find()) {
                    for (String paragraph : m.group(1).split("\\n\\s*\\n")) {
                        String code = collapse(paragraph);
                        if (code.isEmpty()) {
                            continue;
                        }
                        checked++;
                        if (sources.stream().noneMatch(s -> s.contains(code))) {
                            missing.add(doc.getFileName() + ": " + code);
                        }
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(3);
        assertThat(missing).as("doc snippets not found in any source file").isEmpty();
    }
}
