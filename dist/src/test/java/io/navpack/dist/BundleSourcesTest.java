package io.navpack.dist;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertTrue(marker >= 0, "snippet " + id + " in user-guide.md");
        int start = doc.indexOf('\n', doc.indexOf("```", marker)) + 1;
        return doc.substring(start, doc.indexOf("```", start));
    }

    @Test
    void theMemberConfigurationIsTheGuides() throws IOException {
        String bundled = read(ROOT.resolve("dist/src/bundle/config/member.yaml")).replaceAll("(?m)\\A(#.*\\n)+", "");
        assertEquals(guideSnippet("member-start-yaml"), bundled, "config/member.yaml, below its comments");
    }

    @Test
    void thePythonPackageHasTheReleasesVersion() throws IOException {
        Matcher m = Pattern.compile("(?m)^__version__ = \"(.*)\"$").matcher(read(ROOT.resolve("python/src/navpack/__init__.py")));
        assertTrue(m.find(), "__version__ in python/src/navpack/__init__.py");
        assertEquals(VERSION, m.group(1), "python's __version__ against the pom's version");
        assertTrue(read(ROOT.resolve("python/pyproject.toml")).contains("dynamic = [\"version\"]"),
                "pyproject.toml takes its version from __version__");
    }

    @Test
    void theChangelogNamesThisRelease() throws IOException {
        assertTrue(read(ROOT.resolve("CHANGELOG.md")).contains("## " + VERSION), "CHANGELOG.md has a section for " + VERSION);
    }

    @Test
    void theGuideShowsThisVersion() throws IOException {
        String guide = read(ROOT.resolve("docs/user-guide.md"));
        Matcher m = Pattern.compile("navpack (\\S+) active on this member").matcher(guide);
        int found = 0;
        while (m.find()) {
            assertEquals(VERSION, m.group(1), "the start-up line in the guide");
            found++;
        }
        assertTrue(found > 0, "the guide shows the start-up line");
        Matcher jars = Pattern.compile("navpack-member-(\\d[^ /`]*?)\\.jar").matcher(guide);
        while (jars.find()) {
            assertEquals(VERSION, jars.group(1), "the member jar's name in the guide");
        }
    }
}
