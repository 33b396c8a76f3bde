package org.amrbalance.mesh.runtime;

/**
 * A remap that failed on some rank (packing, sending or unpacking a piece), thrown on every rank after every rank
 * has put its grids back as they were before the remap; the message names each failing rank and move.
 */
public final class RemapFailedException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public RemapFailedException(String message) {
    super(message);
  }
}
