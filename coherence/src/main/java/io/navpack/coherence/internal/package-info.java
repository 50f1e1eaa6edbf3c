/**
 * Where navpack reaches past Coherence's API, one concern per class, each naming the Coherence version it is proven on.
 */
package io.navpack.coherence.internal;
