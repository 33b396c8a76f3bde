/** Pictures and files of a hierarchy: a PNG with grid outlines and VTK overlapping-AMR files. */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.output;

import javax.annotation.ParametersAreNonnullByDefault;
