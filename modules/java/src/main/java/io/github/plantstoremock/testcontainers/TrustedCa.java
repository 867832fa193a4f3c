package io.github.plantstoremock.testcontainers;

import java.io.ByteArrayInputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/** TLS contexts of a mock started {@code withTls()}: one trusting its CA, and the readiness probe's. */
final class TrustedCa {
    private TrustedCa() {}

    /** An SSL context whose only root is this CA (PEM). */
    static SSLContext trusting(String pem) {
        try {
            Certificate ca = CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
            KeyStore roots = KeyStore.getInstance(KeyStore.getDefaultType());
            roots.load(null, null);
            roots.setCertificateEntry("plantstore-mock-ca", ca);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(roots);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | java.io.IOException error) {
            throw new IllegalStateException("the container's CA is no PEM certificate: " + error.getMessage(), error);
        }
    }

    /**
     * The readiness probe's context: the CA is copied out once health answers, so the probe only asks whether
     * the container serves, without checking the certificate (an extended manager, so no host name check either).
     */
    static SSLContext probe() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new AcceptAny()}, null);
            return context;
        } catch (GeneralSecurityException error) {
            throw new IllegalStateException(error);
        }
    }

    private static final class AcceptAny extends X509ExtendedTrustManager {
        @Override public void checkClientTrusted(X509Certificate[] chain, String type) {}
        @Override public void checkServerTrusted(X509Certificate[] chain, String type) {}
        @Override public void checkClientTrusted(X509Certificate[] chain, String type, Socket socket) {}
        @Override public void checkServerTrusted(X509Certificate[] chain, String type, Socket socket) {}
        @Override public void checkClientTrusted(X509Certificate[] chain, String type, SSLEngine engine) {}
        @Override public void checkServerTrusted(X509Certificate[] chain, String type, SSLEngine engine) {}
        @Override public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
