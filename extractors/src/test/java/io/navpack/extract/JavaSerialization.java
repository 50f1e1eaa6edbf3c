package io.navpack.extract;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.StreamSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** Plain Java serialization as a Hazelcast serializer, for the oracle map. */
public final class JavaSerialization implements StreamSerializer<Object> {
    @Override
    public void write(ObjectDataOutput out, Object object) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
            o.writeObject(object);
        }
        out.writeByteArray(bytes.toByteArray());
    }

    @Override
    public Object read(ObjectDataInput in) throws IOException {
        try (ObjectInputStream o = new ObjectInputStream(new ByteArrayInputStream(in.readByteArray()))) {
            return o.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }

    @Override
    public int getTypeId() {
        return 9001;
    }
}
