package io.navpack.it.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.navpack.it.soak.KeyStates.Candidate;
import io.navpack.it.soak.KeyStates.Verdict;
import io.navpack.it.soak.model.TradeFields;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The soak's oracle: what a key must hold after acknowledged writes, writes in doubt and entry processors. */
class KeyStatesTest {

    @Test
    void anAcknowledgedWriteIsWhatTheKeyMustHoldAndAnOlderValueIsALostWrite() {
        KeyStates s = new KeyStates();
        s.acked(7, 100, false);
        s.acked(7, 101, false);
        assertThat(s.judge(7, 101, null)).isEqualTo(Verdict.OK);
        assertThat(s.judge(7, 100, null)).isEqualTo(Verdict.LOST);
        assertThat(s.judge(7, -1, null)).isEqualTo(Verdict.LOST);
        assertThat(s.judge(7, 102, null)).isEqualTo(Verdict.UNEXPECTED);
        assertThat(s.acknowledged()).isEqualTo(2);
    }

    @Test
    void aWriteInDoubtMayOrMayNotHaveHappenedUntilTheNextAcknowledgedWrite() {
        KeyStates s = new KeyStates();
        s.acked(7, 100, false);
        s.doubted(7, 101, true);
        assertThat(s.judge(7, 100, false)).isEqualTo(Verdict.OK);
        assertThat(s.judge(7, 101, true)).isEqualTo(Verdict.OK);
        assertThat(s.judge(7, 101, false)).as("a version 2 writer's value has the venue").isEqualTo(Verdict.UNEXPECTED);
        assertThat(s.keysInDoubt()).isEqualTo(1);
        s.acked(7, 102, false);
        assertThat(s.acceptable(7)).containsExactly(new Candidate(102, false));
        assertThat(s.judge(7, 101, null)).isEqualTo(Verdict.LOST);
        assertThat(s.keysInDoubt()).isZero();
    }

    @Test
    void anEntryProcessorKeepsTheVenueOfTheStateItFoundAndSettlesADoubt() {
        KeyStates s = new KeyStates();
        s.acked(7, 100, false);
        s.doubted(7, 101, true);
        assertThat(s.processed(7, 102, 101)).isTrue();
        assertThat(s.acceptable(7)).containsExactly(new Candidate(102, true));
        s.processDoubted(7, 103);
        assertThat(s.acceptable(7)).containsExactly(new Candidate(102, true), new Candidate(103, true));
        assertThat(s.processed(7, 104, 99)).as("the processor found a value the key cannot have held").isFalse();
    }

    @Test
    void theLogReplaysToTheSameStates(@TempDir Path dir) throws IOException {
        KeyStates live = new KeyStates();
        Path file = dir.resolve(AckLog.fileName(SoakFormat.NAVPACK, 3, 1));
        try (AckLog log = new AckLog(file, live)) {
            log.put(9, 1, false);
            log.putInDoubt(9, 2, true);
            log.processed(9, 3, 2);
            log.put(15, 4, true);
            log.processInDoubt(15, 5);
        }
        Files.writeString(file, "P 21 6", java.nio.file.StandardOpenOption.APPEND);
        KeyStates replayed = new KeyStates();
        replayed.replay(file);
        for (long key : List.of(9L, 15L, 21L)) {
            assertThat(replayed.acceptable(key)).as("key %d", key).isEqualTo(live.acceptable(key));
        }
        assertThat(replayed.acknowledged()).isEqualTo(live.acknowledged());
    }

    @Test
    void aQueryAnswerIsRightWhenItHoldsExactlyTheKeysWhoseStateMatchesAndAKeyInDoubtMayBeEitherWay() {
        int owner = 1;
        long[] keys = {1, 7, 13};
        KeyStates s = new KeyStates();
        s.acked(1, 10, false);
        s.acked(7, 20, false);
        s.acked(13, 30, false);
        s.doubted(13, 31, false);
        java.util.function.Predicate<TradeFields> all = f -> true;
        Map<Long, long[]> answer = new HashMap<>();
        answer.put(1L, new long[] {10, -1});
        answer.put(7L, new long[] {20, -1});
        assertThat(wrong(s, keys, owner, all, answer)).as("13 is missing, but every state it may be in matches").hasSize(1);
        answer.put(13L, new long[] {31, -1});
        assertThat(wrong(s, keys, owner, all, answer)).isEmpty();
        answer.put(13L, new long[] {30, -1});
        assertThat(wrong(s, keys, owner, all, answer)).isEmpty();
        answer.put(13L, new long[] {29, -1});
        assertThat(wrong(s, keys, owner, all, answer)).hasSize(1);
        answer.put(13L, new long[] {30, -1});
        answer.put(19L, new long[] {1, -1});
        assertThat(wrong(s, keys, owner, all, answer)).singleElement().asString().contains("not a key of owner 1");
        assertThat(wrong(s, keys, owner, f -> false, Map.of())).isEmpty();
    }

    private static List<String> wrong(KeyStates s, long[] keys, int owner, java.util.function.Predicate<TradeFields> oracle,
                                      Map<Long, long[]> answer) {
        return Queries.wrongKeys(s, keys, owner, oracle, answer, (key, c) -> TradeFields.of(key, owner, c.seq(), c.venue()));
    }
}
