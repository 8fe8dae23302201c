package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link CityHash} against the reference C code of CityHash 1.0 as the Syzygy generator ships it (its software CRC),
 * on the same pseudo-random bytes: every length class of both functions, the padded short input of the 256-bit hash,
 * whole rounds and the partial step after them. The expected words were printed by the reference code compiled from
 * the generator's sources ({@code city-c.c}).
 */
class CityHashTest {
    /**
     * Length, then the 128-bit hash's low and high words, the 256-bit hash's four, and the checksum's final step (the
     * 128-bit hash up to 900 bytes, above that the last two words of the 256-bit one).
     */
    private static final String REFERENCE = """
            0 3df09dfc64c09a2b 3cb540c392e51e29 889f555a0f5b2dc0 7767800902c8a8ce bcd2a808f4cb4a44 e9024dba8f94f2f3 3df09dfc64c09a2b 3cb540c392e51e29
            1 68c4d90df5a5eb8f be4ed390c455dce6 10a2d84dd7213e71 5a7d4497f86e9157 7132c50f5407d202 ab3507c1bf967aab 68c4d90df5a5eb8f be4ed390c455dce6
            3 7fbf851408fdd5ba cae5e226daca12f3 7a6d4223b32d2f98 cd8ca59e49204753 c5888ff28c988603 cbb8513c16b6bcef 7fbf851408fdd5ba cae5e226daca12f3
            4 4679afa468f52b90 c401be1992d274de 87ea1e87655bbd08 dc5bc566aeeaf6b2 9feed3cab55e01aa ecc772a3f85500d9 4679afa468f52b90 c401be1992d274de
            7 14875bf833afa7a1 275ea653fc6194ff 34b01ad7c2e5bfd1 63b1b65ba3ef6f2b 0a3bf836529c32c6 0396a13ca09c9d29 14875bf833afa7a1 275ea653fc6194ff
            8 31242dcb65ee068a ab1ce04a31861a00 89349a454801765b 0e03af25af7eaf1a ffbabcdfc31c980c 51c7a2dc27484f4f 31242dcb65ee068a ab1ce04a31861a00
            9 2cc62c0fba0eb19f 547c5254915f64d3 47bd60ce404cbdc3 14a8a443621384e7 526a913714ad6094 6a4abba4b6b414aa 2cc62c0fba0eb19f 547c5254915f64d3
            15 227650d89bd8673f ed4653df4d82f530 04c3f6f3ff15d618 17a0b2c35a714b98 3f1f8df8b6e96fb2 e15c225ea1919f24 227650d89bd8673f ed4653df4d82f530
            16 3b7e2f83e031804e 39779b78c95804d2 6c6c994167e2e5df 85e272c89e23f043 db6b51cfe336ddcc c574e668544434e5 3b7e2f83e031804e 39779b78c95804d2
            17 010f73633794609e f14d77b97956eb5f 6c81ce43cde73bec db74324ff00a49ba a16caf3707683150 25c4662663725054 010f73633794609e f14d77b97956eb5f
            31 6c521cb91aa36985 2757d8e2f916d636 c2c2efaa821198b8 8fdcda11656f1223 3d4552f18095f619 876bacc0117342e9 6c521cb91aa36985 2757d8e2f916d636
            32 38df03c709b16476 12e85bd55a6242c8 9f452d6fc20759b3 f8551724fe5b16db a16a6ab1756c2fe2 bff0e0d4dab61cda 38df03c709b16476 12e85bd55a6242c8
            33 8bb430378fb57ba1 837e020dbc0d9604 42dc0ef5819bbf34 ffe9b52f9e991edb 30b6f85dee9c9d5e b14162173fe5d43a 8bb430378fb57ba1 837e020dbc0d9604
            64 e523bb40cf1bd186 01b4754e47903b46 4d562bb1b138be45 f4dc76905d70e282 d82246f8dc8dd038 9bd545dfd55e0425 e523bb40cf1bd186 01b4754e47903b46
            100 4cd0a671423fa330 f89f0a92651b5fd8 1094975fa00bb359 186c6a826c0a4413 2e816cbd68b63443 674aae9cd8d24c64 4cd0a671423fa330 f89f0a92651b5fd8
            127 f4f2c230111b22d6 03e0d7a7fc3ea533 330c0c3f06332d68 9222dc90d96fc302 0bfaaab53a9693db f272a27312697820 f4f2c230111b22d6 03e0d7a7fc3ea533
            128 1c8d07a381345bb0 fdf273b4885fe67d 2d213c0e61bd32fd cf6bee04ebae00df 4ac560fbd6b84a87 e5e916070da19bf7 1c8d07a381345bb0 fdf273b4885fe67d
            129 716e419742d81e0f 229ac6fed2fc8db6 ef00824481b66b61 ca3ba61264db9fe4 840bc02dbc9ba223 accd5b600688b2f5 716e419742d81e0f 229ac6fed2fc8db6
            143 ccbf7d4ad0c455f2 f2eff365c7122efc d4110dbfd1d00fa0 a6e749c6519823d3 7ad66d58516f1505 7370620df5df330d ccbf7d4ad0c455f2 f2eff365c7122efc
            144 94022b37fe0f9787 3b6516e88f31754f 910df24ff86b46b6 796e89125d1a8429 54c533deb1a20e01 e7525ea8d4341358 94022b37fe0f9787 3b6516e88f31754f
            200 376a0634e6c3a35e 315b99253a751938 13463173ca07ab54 a2475dd84fd3100a 7e7baa760e4c021b d85de27163b14991 376a0634e6c3a35e 315b99253a751938
            239 e0e89c390039128a cf53fcaf243e08c5 7e68619fda2bedd1 02dcb1cb1de16026 15160744f57f45ca b3d5814b31914754 e0e89c390039128a cf53fcaf243e08c5
            240 eabb125aa8cb19c0 081a5b59ff06e879 605b6b7333a3b6ba 02f985532b4404c1 db7cc475a7dcada9 64fa11c75e8612b4 eabb125aa8cb19c0 081a5b59ff06e879
            241 aa39cc0b98854511 7e945021963cf3aa 0e1abbe049bf9ca8 ccabaf78adda02ed baf739871bb6219c 63025d799d66e2ed aa39cc0b98854511 7e945021963cf3aa
            279 8efbe20f31da7ea4 6113e9f59a7fcc09 96fa5664837d0f76 91de9573aca4337d 73fb3fc220de1b39 10955a38e75ef3b2 8efbe20f31da7ea4 6113e9f59a7fcc09
            280 3aabfcaa54e45c78 498917ef42fe68b5 c6a68bb32394de28 b6c97c89c27a4c81 b426421414d76d11 f7955704ae6eac69 3aabfcaa54e45c78 498917ef42fe68b5
            300 6ba468d5d34f92ca 33ca2cfaa90a2144 ef9a6f73c221cac1 53564207f6c0d182 0dc0b62716c5a2e5 be73d327759bab12 6ba468d5d34f92ca 33ca2cfaa90a2144
            479 b5cc6a8cb5c0533d 6f7e2984fbaac73b 1a04245bde8a33a8 51ba13be7ebad461 bc03a4c9a770c685 60cd6e46e9ef1852 b5cc6a8cb5c0533d 6f7e2984fbaac73b
            480 feb9a189a6a5a79d 9d55b6a220a884c4 8bea19b228090320 0204f0537acfe40e 046f37f2ed18e3f4 cb478a53267e599d feb9a189a6a5a79d 9d55b6a220a884c4
            900 39e6844639e58603 f035996297f4fa4f 2179bbaf1488b544 95ef3e2e8e3b7372 aeb9031f07f91219 e0de5e3448ab4467 39e6844639e58603 f035996297f4fa4f
            901 56552a1613f1a20f c99df3ba5ab8f977 880ff120359117bf b235c76b6b37aa44 37977aa5d7803be9 36c08ce59a7ce7c5 37977aa5d7803be9 36c08ce59a7ce7c5
            1000 46acab374427d717 8ea410e802c39235 d849858494417d52 eeb95b1b447dde8e 0239fc3013780f6e 79bc8a23ae9c4518 0239fc3013780f6e 79bc8a23ae9c4518
            4096 30c35018f934a915 f754484bc5c2b423 796e9c46ae36c022 ae8d3fe48ead296c da45ccbfa8261325 1220f536c60702eb da45ccbfa8261325 1220f536c60702eb
            """;

    @Test
    void matchesTheReferenceCodeOnEveryLengthClass() {
        byte[] data = referenceBytes();
        for (String line : REFERENCE.strip().split("\n")) {
            String[] field = line.strip().split(" ");
            int length = Integer.parseInt(field[0]);
            long[] hash128 = CityHash.hash128(data, 0, length);
            assertEquals(word(field[1]), hash128[0], "hash128 low of " + length + " bytes");
            assertEquals(word(field[2]), hash128[1], "hash128 high of " + length + " bytes");
            long[] hash256 = new long[4];
            CityHash.hash256(data, 0, length, hash256);
            for (int k = 0; k < 4; k++) {
                assertEquals(word(field[3 + k]), hash256[k], "hash256 word " + k + " of " + length + " bytes");
            }
            long[] finalStep = length <= 900 ? hash128 : new long[] {hash256[2], hash256[3]};
            assertEquals(word(field[7]), finalStep[0], "final step low of " + length + " bytes");
            assertEquals(word(field[8]), finalStep[1], "final step high of " + length + " bytes");
        }
    }

    @Test
    void readsFromAnOffsetAsFromTheStart() {
        byte[] data = referenceBytes();
        byte[] shifted = new byte[data.length + 7];
        System.arraycopy(data, 0, shifted, 7, data.length);
        long[] atStart = new long[4];
        long[] atOffset = new long[4];
        for (int length : new int[] {5, 100, 239, 241, 1000}) {
            CityHash.hash256(data, 0, length, atStart);
            CityHash.hash256(shifted, 7, length, atOffset);
            assertEquals(atStart[3], atOffset[3], length + " bytes");
            assertEquals(CityHash.hash128(data, 0, length)[1], CityHash.hash128(shifted, 7, length)[1],
                    length + " bytes");
        }
    }

    /** The reference program's input: 4,096 bytes of xorshift64, bits 24 to 31 of each state. */
    private static byte[] referenceBytes() {
        byte[] data = new byte[4096];
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < data.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            data[i] = (byte) (x >>> 24);
        }
        return data;
    }

    private static long word(String hex) {
        return Long.parseUnsignedLong(hex, 16);
    }
}
