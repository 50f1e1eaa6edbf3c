package io.navpack.bench.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/** Java serialization: one {@link ObjectOutputStream} per value, as a cache stores one value per entry. */
public final class JavaSerializationCodec implements Codec {
    @Override
    public String name() {
        return "java";
    }

    @Override
    public Object encode(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    @Override
    public Object decode(Object encoded) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream((byte[]) encoded))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public int size(Object encoded) {
        return ((byte[]) encoded).length;
    }
}
