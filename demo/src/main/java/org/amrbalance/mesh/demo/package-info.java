/** The Laplace AMR demo that the README's first command runs. */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.demo;

import javax.annotation.ParametersAreNonnullByDefault;
