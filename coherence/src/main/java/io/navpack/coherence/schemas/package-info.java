/**
 * The cluster's schemas on Coherence: the format's schema protocol ({@code io.navpack.format.spi.SchemaProtocol})
 * carried by a Coherence cache (the catalog) and an invocation service ({@code NavpackSchemas},
 * {@code NavpackInvocation}).
 */
package io.navpack.coherence.schemas;
