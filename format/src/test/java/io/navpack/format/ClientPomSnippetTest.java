package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user guide's pom advice for client projects names the compiler plugin version navpack's own build compiles
 * with, and the release it compiles for, so that a project following it builds under an old system Maven too.
 */
class ClientPomSnippetTest {
    private static final Pattern PLUGIN = Pattern.compile(
            "<artifactId>maven-compiler-plugin</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void theGuidesClientPomNamesTheCompilerPluginOfTheBuild() throws IOException {
        Path root = Path.of(System.getProperty("basedir", "."), "..");
        String guide = Files.readString(root.resolve("docs/user-guide.md"));
        int marker = guide.indexOf("<!-- snippet: client-pom -->");
        assertThat(marker).as("snippet client-pom in user-guide.md").isNotNegative();
        int start = guide.indexOf('\n', guide.indexOf("```xml", marker)) + 1;
        String snippet = guide.substring(start, guide.indexOf("```", start));
        String pom = Files.readString(root.resolve("pom.xml"));
        Matcher inPom = PLUGIN.matcher(pom);
        Matcher inGuide = PLUGIN.matcher(snippet);
        assertThat(inPom.find()).isTrue();
        assertThat(inGuide.find()).as(snippet).isTrue();
        assertThat(inGuide.group(1)).isEqualTo(inPom.group(1));
        String[] v = inGuide.group(1).split("\\.");
        assertThat(Integer.parseInt(v[0]) * 100 + Integer.parseInt(v[1])).as("maven.compiler.release needs 3.6+")
                .isGreaterThanOrEqualTo(306);
        assertThat(snippet).contains("<maven.compiler.release>17</maven.compiler.release>");
        assertThat(pom).contains("<maven.compiler.release>17</maven.compiler.release>");
    }
}
