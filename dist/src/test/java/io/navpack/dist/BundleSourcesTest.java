package io.navpack.dist;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** What the distribution is made of agrees with the user guide and with the release's one version. */
class BundleSourcesTest {
    private static final Path ROOT = Path.of(System.getProperty("navpack.root", "..")).toAbsolutePath().normalize();
    private static final String VERSION = System.getProperty("navpack.version");

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    /** A snippet of docs/user-guide.md by its marker. */
    static String guideSnippet(String id) throws IOException {
        String doc = read(ROOT.resolve("docs/user-guide.md"));
        int marker = doc.indexOf("<!-- snippet: " + id + " -->");
        assertThat(marker).as("snippet %s in user-guide.md", id).isNotNegative();
        int start = doc.indexOf('\n', doc.indexOf("```", marker)) + 1;
        return doc.substring(start, doc.indexOf("```", start));
    }

    @Test
    void theMemberConfigurationIsTheGuides() throws IOException {
        String bundled = read(ROOT.resolve("dist/src/bundle/config/member.yaml")).replaceAll("(?m)\\A(#.*\\n)+", "");
        assertThat(bundled).as("config/member.yaml, below its comments").isEqualTo(guideSnippet("member-start-yaml"));
    }

    @Test
    void thePythonPackageHasTheReleasesVersion() throws IOException {
        Matcher m = Pattern.compile("(?m)^__version__ = \"(.*)\"$").matcher(read(ROOT.resolve("python/src/navpack/__init__.py")));
        assertThat(m.find()).as("__version__ in python/src/navpack/__init__.py").isTrue();
        assertThat(m.group(1)).as("python's __version__ against the pom's version").isEqualTo(VERSION);
        assertThat(read(ROOT.resolve("python/pyproject.toml"))).as("pyproject.toml takes its version from __version__")
                .contains("dynamic = [\"version\"]");
    }

    @Test
    void theChangelogNamesThisRelease() throws IOException {
        assertThat(read(ROOT.resolve("CHANGELOG.md"))).as("CHANGELOG.md has a section for " + VERSION).contains("## " + VERSION);
    }

    @Test
    void theReadmesQuickStartNamesThisRelease() throws IOException {
        String readme = read(ROOT.resolve("README.md"));
        assertThat(readme).contains("tar xzf navpack-" + VERSION + ".tar.gz && cd navpack-" + VERSION)
                .contains("bin/navpack-member --config config/member.yaml")
                .contains("`navpack " + VERSION + " active on this member`");
        Matcher names = Pattern.compile("navpack-(\\d[^ /`]*?)(\\.tar\\.gz|\\.zip|-py3-none-any\\.whl)").matcher(readme);
        while (names.find()) {
            assertThat(names.group(1)).as("a file name in the README").isEqualTo(VERSION);
        }
    }

    @Test
    void theGuideShowsThisVersion() throws IOException {
        String guide = read(ROOT.resolve("docs/user-guide.md"));
        Matcher m = Pattern.compile("navpack (\\S+) active on this member").matcher(guide);
        int found = 0;
        while (m.find()) {
            assertThat(m.group(1)).as("the start-up line in the guide").isEqualTo(VERSION);
            found++;
        }
        assertThat(found).as("the guide shows the start-up line").isPositive();
        Matcher jars = Pattern.compile("navpack-member-(\\d[^ /`]*?)\\.jar").matcher(guide);
        while (jars.find()) {
            assertThat(jars.group(1)).as("the member jar's name in the guide").isEqualTo(VERSION);
        }
    }
}
