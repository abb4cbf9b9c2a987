// A relying party nobody on the project wrote (issue 35): BouncyCastle, the engine of the EU's DSS
// validator, iText and most Java validators, reads what Tawqi signs. Run by the server's tests
// (test/openssl.ts, `bouncyCastle`: compiled once per test process with Debian's bcprov, bcpkix
// and bcutil on the class path), printing one JSON object per line.
//
//   der FILE…                 each file's bytes are DER: decoded and encoded again as DER, the same
//   cms SIGNATURE CONTENT…    each detached CMS signature (DER) over its content file: the signer's
//                             signature, its ESS signing-certificate-v2, and its timestamp token
//                             validated against the TSA's certificate (TimeStampToken.validate:
//                             the certificate's critical timeStamping purpose, its ESS binding),
//                             the token's imprint over the signature value
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.Security;
import java.util.Arrays;
import java.util.Collection;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.ess.ESSCertIDv2;
import org.bouncycastle.asn1.ess.SigningCertificateV2;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.tsp.TimeStampToken;

public class Bc {
  public static void main(String[] args) throws Exception {
    Security.addProvider(new BouncyCastleProvider());
    switch (args[0]) {
      case "der" -> {
        for (int i = 1; i < args.length; i++) System.out.println(der(args[i]));
      }
      case "cms" -> {
        for (int i = 1; i + 1 < args.length; i += 2) System.out.println(cms(args[i], args[i + 1]));
      }
      default -> throw new IllegalArgumentException("der or cms, not " + args[0]);
    }
  }

  static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\"";
  }

  /** Whether the bytes are DER: BouncyCastle decodes them and encodes them again as DER. */
  static boolean isDer(byte[] bytes) {
    try {
      return Arrays.equals(ASN1Primitive.fromByteArray(bytes).getEncoded(ASN1Encoding.DER), bytes);
    } catch (Exception error) {
      return false;
    }
  }

  static String der(String file) throws Exception {
    return "{\"file\":" + quoted(file) + ",\"der\":" + isDer(Files.readAllBytes(Path.of(file))) + "}";
  }

  static X509CertificateHolder only(Collection<?> matches) {
    if (matches.size() != 1) throw new IllegalStateException(matches.size() + " certificates match the signer");
    return (X509CertificateHolder) matches.iterator().next();
  }

  static String cms(String signatureFile, String contentFile) {
    StringBuilder out = new StringBuilder("{\"file\":" + quoted(signatureFile));
    try {
      byte[] bytes = Files.readAllBytes(Path.of(signatureFile));
      out.append(",\"der\":").append(isDer(bytes));
      CMSSignedData signed =
          new CMSSignedData(new CMSProcessableByteArray(Files.readAllBytes(Path.of(contentFile))), bytes);
      SignerInformation signer = signed.getSignerInfos().getSigners().iterator().next();
      X509CertificateHolder certificate = only(signed.getCertificates().getMatches(signer.getSID()));
      out.append(",\"signer\":").append(quoted(certificate.getSubject().toString()));
      boolean verified =
          signer.verify(new JcaSimpleSignerInfoVerifierBuilder().setProvider("BC").build(certificate));
      out.append(",\"verified\":").append(verified);

      Attribute v2 = signer.getSignedAttributes().get(PKCSObjectIdentifiers.id_aa_signingCertificateV2);
      boolean bound = false;
      if (v2 != null) {
        ESSCertIDv2 id = SigningCertificateV2.getInstance(v2.getAttrValues().getObjectAt(0)).getCerts()[0];
        MessageDigest digest = MessageDigest.getInstance(id.getHashAlgorithm().getAlgorithm().getId(), "BC");
        bound = Arrays.equals(digest.digest(certificate.getEncoded()), id.getCertHash());
      }
      out.append(",\"signingCertificateV2\":").append(bound);

      Attribute stamp =
          signer.getUnsignedAttributes() == null
              ? null
              : signer.getUnsignedAttributes().get(PKCSObjectIdentifiers.id_aa_signatureTimeStampToken);
      String timestamp = "none";
      if (stamp != null) {
        try {
          TimeStampToken token = new TimeStampToken(ContentInfo.getInstance(stamp.getAttrValues().getObjectAt(0)));
          X509CertificateHolder tsa = only(token.getCertificates().getMatches(token.getSID()));
          token.validate(new JcaSimpleSignerInfoVerifierBuilder().setProvider("BC").build(tsa));
          MessageDigest digest =
              MessageDigest.getInstance(token.getTimeStampInfo().getMessageImprintAlgOID().getId(), "BC");
          boolean imprint =
              Arrays.equals(digest.digest(signer.getSignature()), token.getTimeStampInfo().getMessageImprintDigest());
          timestamp = imprint ? "verified" : "imprint is not over the signature";
          out.append(",\"timestampTime\":").append(quoted(token.getTimeStampInfo().getGenTime().toInstant().toString()));
        } catch (Exception error) {
          timestamp = error.getClass().getSimpleName() + ": " + error.getMessage();
        }
      }
      out.append(",\"timestamp\":").append(quoted(timestamp));
    } catch (Exception error) {
      out.append(",\"error\":").append(quoted(error.getClass().getSimpleName() + ": " + error.getMessage()));
    }
    return out.append("}").toString();
  }
}
