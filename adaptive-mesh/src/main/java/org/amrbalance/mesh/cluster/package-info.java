/** Clustering of flagged cells into rectangles: the Berger–Rigoutsos algorithm. */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.cluster;

import javax.annotation.ParametersAreNonnullByDefault;
