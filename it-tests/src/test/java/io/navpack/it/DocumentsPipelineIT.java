package io.navpack.it;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.config.JobConfig;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentPipelines;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The documents' Jet pipeline on three members in containers: the shared FpML documents split into three shards,
 * each placed in the directory {@value #DIR} of one member only; the job reads each member's own files, transcodes
 * them there (the members have navpack's jars, no classes) and writes the map, whose every entry is then the value
 * of its file, byte for byte, as the test JVM transcodes it with the same schema.
 */
class DocumentsPipelineIT {
    static final String DIR = "/data/fpml";

    @RegisterExtension
    static final HazelcastClusterExtension CLUSTER = HazelcastClusterExtension.withMembers(3)
            .configure(b -> b.name("documents").memberConfig("member/documents.yaml"));

    static Path fpml() {
        Path p = Path.of(System.getProperty("navpack.fpml.dir", "../../shared/data/fpml")).toAbsolutePath().normalize();
        assertThat(p).as("the shared FpML documents (-Dnavpack.fpml.dir)").isDirectory();
        return p;
    }

    @Test
    void eachMemberLoadsTheDocumentsOfItsOwnDirectory(HazelcastCluster cluster) throws Exception {
        Path fpml = fpml();
        List<Path> files;
        try (Stream<Path> s = Files.walk(fpml)) {
            files = s.filter(f -> f.toString().endsWith(".xml")).sorted().toList();
        }
        DocumentSchema schema = SchemaInference.of(DocumentFormat.XML).name("fpml").addPath(fpml).infer();
        // every document on one member, under a name unique in the set (its folder and file name)
        Map<String, Path> byKey = new HashMap<>();
        List<ClusterMember> members = cluster.members();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            String key = fpml.relativize(f).toString().replace('/', '_').replace(".xml", "");
            byKey.put(key, f);
            members.get(i % members.size()).copyFile(f, DIR + "/" + key + ".xml");
        }

        HazelcastInstance client = cluster.newClient(c -> NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(c));
        DocumentCatalog.publish(client, "fpml", schema);
        client.getJet().newJob(DocumentPipelines.load(DIR, "*.xml", DocumentFormat.XML, schema, "fpml", null),
                new JobConfig().setName("load fpml")).join();

        assertThat(client.getList(DocumentPipelines.failuresList("fpml"))).isEmpty();
        IMap<Object, Object> map = client.getMap("fpml");
        assertThat(map.size()).isEqualTo(files.size());
        Transcoder t = schema.transcoder().evolving(false);
        List<String> different = new ArrayList<>();
        for (Map.Entry<Object, Object> e : map.entrySet()) {
            Path source = byKey.get((String) e.getKey());
            assertThat(source).as("the file of key %s", e.getKey()).isNotNull();
            byte[] expected = t.toNavpack(Files.readAllBytes(source), source.toString());
            if (!java.util.Arrays.equals(PackedRecord.ofView(e.getValue()).bytes(), expected)) {
                different.add(String.valueOf(e.getKey()));
            }
        }
        assertThat(different).as("entries whose value is not their file's").isEmpty();
    }
}
