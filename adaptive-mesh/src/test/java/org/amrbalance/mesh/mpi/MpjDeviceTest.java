package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MpjDeviceTest {
  @Test
  void parsesTheNamesOfTheCommandLine() {
    assertThat(MpjDevice.parse("multicore")).isEqualTo(MpjDevice.MULTICORE);
    assertThat(MpjDevice.parse("NIODEV")).isEqualTo(MpjDevice.NIODEV);
    assertThat(MpjDevice.NIODEV.mpjName()).isEqualTo("niodev");
    assertThatThrownBy(() -> MpjDevice.parse("mxdev")).hasMessage("device = mxdev: must be multicore or niodev");
  }
}
