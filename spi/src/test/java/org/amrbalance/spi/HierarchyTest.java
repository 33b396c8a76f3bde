package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HierarchyTest {
  private static final Box DOMAIN = Box.of2d(0, 0, 7, 7);

  private static Hierarchy of(Patch... patches) {
    return Hierarchy.of(DOMAIN, new int[] {2, 2}, List.of(patches));
  }

  @Test
  void findsParentsAndChildrenFromGeometry() {
    Hierarchy h = of(
        Patch.of(0, 0, Box.of2d(0, 0, 3, 7)),
        Patch.of(1, 0, Box.of2d(4, 0, 7, 7)),
        Patch.of(2, 1, Box.of2d(2, 2, 5, 5)),     // under patch 0 only
        Patch.of(3, 1, Box.of2d(6, 0, 9, 3)),     // straddles patches 0 and 1
        Patch.of(4, 2, Box.of2d(12, 0, 15, 3)));  // under patch 3
    assertThat(h.parents(2)).containsExactly(0);
    assertThat(h.parents(3)).containsExactly(0, 1);
    assertThat(h.parents(4)).containsExactly(3);
    assertThat(h.children(0)).containsExactly(2, 3);
    assertThat(h.children(1)).containsExactly(3);
    assertThat(h.children(4)).isEmpty();
    assertThat(h.levelCount()).isEqualTo(3);
    assertThat(h.level(1)).extracting(Patch::id).containsExactly(2, 3);
    assertThat(h.level(5)).isEmpty();
    assertThat(h.domainAt(2)).isEqualTo(Box.of2d(0, 0, 31, 31));
    assertThat(h.cumulativeRatio(2)).isEqualTo(4);
    assertThat(h.totalWork()).isEqualTo(64 + 16 + 16 + 16);
  }

  @Test
  void declaredParentsAreUsedAndChecked() {
    Patch root0 = Patch.of(0, 0, Box.of2d(0, 0, 3, 7));
    Patch root1 = Patch.of(1, 0, Box.of2d(4, 0, 7, 7));
    Hierarchy h = of(root0, root1, Patch.of(2, 1, Box.of2d(0, 0, 3, 3)).withParents(0));
    assertThat(h.parents(2)).containsExactly(0);
    assertThatThrownBy(() -> of(root0, root1, Patch.of(2, 1, Box.of2d(0, 0, 3, 3)).withParents(1)))
        .hasMessageContaining("patch 2 parentIds = [1]").hasMessageContaining("does not overlap");
    assertThatThrownBy(() -> of(root0, root1, Patch.of(2, 1, Box.of2d(0, 0, 3, 3)).withParents(9)))
        .hasMessageContaining("names unknown patch 9");
    assertThatThrownBy(() -> of(root0, root1, Patch.of(2, 1, Box.of2d(6, 0, 9, 3)).withParents(0)))
        .hasMessageContaining("patch 2 box = ((6,0) (9,3))").hasMessageContaining("declared parents [0]");
  }

  @Test
  void duplicateIdsAreRejected() {
    assertThatThrownBy(() -> of(Patch.of(0, 0, Box.of2d(0, 0, 3, 3)), Patch.of(0, 0, Box.of2d(4, 4, 7, 7))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("patch.id = 0").hasMessageContaining("duplicate");
  }

  @Test
  void overlappingBoxesOnALevelAreRejected() {
    assertThatThrownBy(() -> of(Patch.of(0, 0, Box.of2d(0, 0, 4, 4)), Patch.of(1, 0, Box.of2d(4, 4, 7, 7))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("patch 0 box = ((0,0) (4,4))")
        .hasMessageContaining("overlaps patch 1");
  }

  @Test
  void childOutsideItsParentLevelIsRejected() {
    assertThatThrownBy(() -> of(Patch.of(0, 0, Box.of2d(0, 0, 3, 3)), Patch.of(1, 1, Box.of2d(6, 6, 9, 9))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("patch 1 box = ((6,6) (9,9))")
        .hasMessageContaining("not properly nested")
        .hasMessageContaining("3 of its cells");
  }

  @Test
  void patchOutsideTheDomainIsRejected() {
    assertThatThrownBy(() -> of(Patch.of(0, 0, Box.of2d(0, 0, 8, 7))))
        .hasMessageContaining("patch 0 box = ((0,0) (8,7))").hasMessageContaining("outside the level-0 domain");
    assertThatThrownBy(() -> of(Patch.of(0, 0, DOMAIN), Patch.of(1, 1, Box.of2d(14, 14, 16, 16))))
        .hasMessageContaining("outside the level-1 domain ((0,0) (15,15))");
  }

  @Test
  void levelsAndRatiosAreChecked() {
    assertThatThrownBy(() -> Hierarchy.of(DOMAIN, new int[] {1}, List.of(Patch.of(0, 0, DOMAIN))))
        .hasMessageContaining("ratios[0] = 1");
    assertThatThrownBy(() -> of(Patch.of(0, 0, DOMAIN), Patch.of(1, 2, Box.of2d(0, 0, 3, 3))))
        .hasMessageContaining("level = 1").hasMessageContaining("contiguous");
    assertThatThrownBy(() -> of(Patch.of(0, 0, DOMAIN), Patch.of(1, 3, Box.of2d(0, 0, 3, 3))))
        .hasMessageContaining("patch 1 level = 3");
    assertThatThrownBy(() -> Hierarchy.of(DOMAIN, new int[] {2}, List.of()))
        .hasMessageContaining("patches = []");
    assertThatThrownBy(() -> of(Patch.of(0, 0, Box.of1d(0, 3))))
        .hasMessageContaining("patch 0 box = ((0) (3))").hasMessageContaining("dimension 1");
    assertThatThrownBy(() -> of(Patch.of(0, 0, DOMAIN)).patch(5)).hasMessageContaining("patchId = 5");
  }

  @Test
  void worksIn1dAnd3d() {
    Hierarchy h1 = Hierarchy.of(Box.of1d(0, 15), new int[] {4},
        List.of(Patch.of(0, 0, Box.of1d(0, 15)), Patch.of(1, 1, Box.of1d(8, 23))));
    assertThat(h1.parents(1)).containsExactly(0);
    Hierarchy h3 = Hierarchy.of(Box.ofSize(4, 4, 4), new int[] {2},
        List.of(Patch.of(0, 0, Box.ofSize(4, 4, 4)), Patch.of(1, 1, Box.of3d(2, 2, 2, 5, 5, 5))));
    assertThat(h3.children(0)).containsExactly(1);
  }

  @Test
  void largeRandomLevelsAreCheckedQuicklyAndCorrectly() {
    // A 200x200 level of 2x2 tiles, then shift one tile so it overlaps its neighbour.
    List<Patch> patches = new ArrayList<>();
    int id = 0;
    for (int x = 0; x < 400; x += 2) {
      for (int y = 0; y < 400; y += 2) {
        patches.add(Patch.of(id++, 0, Box.of2d(x, y, x + 1, y + 1)));
      }
    }
    Hierarchy ok = Hierarchy.of(Box.ofSize(400, 400), new int[] {2}, patches);
    assertThat(ok.patchCount()).isEqualTo(40_000);
    int victim = new Random(7).nextInt(patches.size() - 1);
    Box moved = patches.get(victim).box().shift(0, 1);
    patches.set(victim, Patch.of(victim, 0, moved.intersection(Box.ofSize(400, 400)).orElseThrow()));
    if (moved.hi(1) < 400) {
      assertThatThrownBy(() -> Hierarchy.of(Box.ofSize(400, 400), new int[] {2}, patches))
          .hasMessageContaining("overlaps");
    }
  }

  /** One huge box among unit boxes must not be hashed into every bucket it covers (2^40 of them here). */
  @Test
  @org.junit.jupiter.api.Timeout(60) // a hang guard: the check itself takes milliseconds
  void oneHugeBoxAmongSmallOnesIsCheckedWithoutBlowingUp() {
    int big = 1 << 20;
    List<Patch> patches = new ArrayList<>();
    for (int x = 0; x < 100; x++) {
      patches.add(Patch.of(x, 0, Box.of2d(x, 0, x, 0)));
    }
    patches.add(Patch.of(100, 0, Box.of2d(0, 10, big - 1, 10 + big - 1)));
    Box domain = Box.ofSize(big, big + 10);
    assertThat(Hierarchy.of(domain, new int[] {2}, patches).patchCount()).isEqualTo(101);
    patches.add(Patch.of(101, 0, Box.of2d(500, 500, 500, 500))); // inside the huge box
    assertThatThrownBy(() -> Hierarchy.of(domain, new int[] {2}, patches)).hasMessageContaining("overlaps");
  }

  /** Unit boxes at the very end of the int range: bucket indices must not wrap around. */
  @Test
  @org.junit.jupiter.api.Timeout(60) // a hang guard
  void boxesEndingAtTheLargestIndexAreChecked() {
    int max = Integer.MAX_VALUE;
    List<Patch> patches = List.of(Patch.of(0, 0, Box.of1d(max, max)), Patch.of(1, 0, Box.of1d(max - 2, max - 2)));
    assertThat(Hierarchy.of(Box.of1d(max - 10, max), new int[] {2}, patches).patchCount()).isEqualTo(2);
    List<Patch> overlapping = List.of(Patch.of(0, 0, Box.of1d(max, max)), Patch.of(1, 0, Box.of1d(max - 1, max)));
    assertThatThrownBy(() -> Hierarchy.of(Box.of1d(max - 10, max), new int[] {2}, overlapping))
        .hasMessageContaining("overlaps");
  }
}
