package io.navpack.bench;

import io.navpack.bench.codec.Codec;
import io.navpack.bench.codec.Codecs;
import io.navpack.bench.model.Shape;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every format gives back equal values for every shape, so the benchmarks compare like with like. */
class CodecRoundTripTest {
    static Stream<Arguments> formatsAndShapes() {
        List<Arguments> args = new ArrayList<>();
        for (String format : Codecs.ALL) {
            for (Shape shape : Shape.values()) {
                args.add(Arguments.of(format, shape));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("formatsAndShapes")
    void roundTrips(String format, Shape shape) {
        Codec codec = Codecs.create(format);
        for (Object value : shape.data()) {
            Object encoded = codec.encode(codec.prepare(value));
            assertThat(codec.size(encoded)).isPositive();
            assertThat(codec.toModel(codec.decode(encoded))).isEqualTo(value);
        }
    }
}
