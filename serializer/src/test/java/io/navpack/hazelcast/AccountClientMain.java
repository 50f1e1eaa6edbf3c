package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.hazelcast.model.Account;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A client process that has one version of {@link Account} (none declares a version): {@code write} puts
 * 20 accounts with ids {@code 100 * version + i} and answers the schema version navpack chose; {@code read}
 * answers every account of the map as this version's class reads it.
 * Arguments: cluster name, member ports (comma-separated), class version (1, 2 or 3).
 */
public final class AccountClientMain {
    private AccountClientMain() {
    }

    public static void main(String[] args) throws Exception {
        int version = Integer.parseInt(args[2]);
        Class<?> type = version == 1 ? Account.V1.class : version == 2 ? Account.V2.class : Account.V3.class;
        int[] ports = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        HazelcastInstance client = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(type).applyTo(new ClientConfig()), args[0], ports));
        IMap<Long, Object> map = client.getMap("binary-accounts");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
                try {
                    if (line.equals("write")) {
                        for (long i = 0; i < 20; i++) {
                            long id = 100L * version + i;
                            map.put(id, version == 1 ? new Account.V1(id, "owner" + i)
                                    : version == 2 ? new Account.V2(id, "owner" + i, "region" + i)
                                    : new Account.V3(id, "region" + i, BigDecimal.valueOf(i)));
                        }
                        System.out.println("version " + NavpackContext.of(client).registry().binding(type).schema().version());
                    } else if (line.equals("read")) {
                        for (long id : new java.util.TreeSet<>(map.keySet())) {
                            System.out.println(id + " " + map.get(id));
                        }
                    }
                } catch (RuntimeException e) {
                    System.out.println("error: " + e);
                }
                System.out.println(ClientJvm.DONE);
                System.out.flush();
            }
        } finally {
            client.shutdown();
        }
    }
}
