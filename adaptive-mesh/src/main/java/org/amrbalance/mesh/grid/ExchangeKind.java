package org.amrbalance.mesh.grid;

/** What an exchange of grid data is for: the account of exchange time is kept per kind. */
public enum ExchangeKind {
  /** Sibling values into ghost cells. */
  GHOST_FILL,
  /** Coarse cells to the rank of a fine window (ghost cells, corrections). */
  INTERPOLATION,
  /** Fine cells to the rank of the coarse block under them. */
  RESTRICTION,
  /** Old cells into a new layout after a regrid (part of the regrid's time). */
  INSTALL,
  /** The transfers of a remap. */
  MIGRATION,
  /** Whole blocks to one rank, for pictures and files. */
  GATHER
}
