package org.amrbalance.mesh.grid;

/**
 * What one migration did on this process: the transfers it packed and sent and those it received and unpacked
 * (with their cells), and the cells it copied between its own blocks without a message.
 */
public record Migrated(int transfersSent, long cellsSent, int transfersReceived, long cellsReceived,
    long cellsCopied) {
  /** Nothing moved. */
  public static final Migrated NONE = new Migrated(0, 0, 0, 0, 0);
}
