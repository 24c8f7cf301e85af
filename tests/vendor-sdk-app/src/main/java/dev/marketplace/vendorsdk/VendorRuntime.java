package dev.marketplace.vendorsdk;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.appdirect.sdk.appmarket.Credentials;
import com.appdirect.sdk.appmarket.DeveloperSpecificAppmarketCredentialsSupplier;

/**
 * Runtime plumbing: which OAuth credentials the vendor accepts/uses, and a readiness signal for the test harness.
 *
 * <ul>
 * <li>{@code vendor.key} / {@code vendor.secret} (env {@code VENDOR_KEY} / {@code VENDOR_SECRET}): the OAuth consumer
 * key and secret the marketplace generated for the product.</li>
 * <li>{@code vendor.credentials.file} (env {@code VENDOR_CREDENTIALS_FILE}, optional): a properties file of
 * {@code key=secret} lines, re-read on every lookup, so the JVM can be started before the product (and its
 * credentials) exist, and several products can share one vendor.</li>
 * <li>{@code vendor.port.file} (env {@code VENDOR_PORT_FILE}, optional): once the app is ready, the bound HTTP port is
 * written there (atomically). Useful with {@code server.port=0}. A line {@code VENDOR_SDK_APP_READY port=N} is also
 * logged.</li>
 * </ul>
 */
@Configuration
public class VendorRuntime {
	private static final Logger log = LoggerFactory.getLogger(VendorRuntime.class);

	@Bean
	public DeveloperSpecificAppmarketCredentialsSupplier vendorCredentialsSupplier(
			@Value("${vendor.key:}") String key,
			@Value("${vendor.secret:}") String secret,
			@Value("${vendor.credentials.file:}") String credentialsFile) {
		Path file = credentialsFile.isEmpty() ? null : Paths.get(credentialsFile);
		if (key.isEmpty() && file == null) {
			log.warn("Neither vendor.key/vendor.secret nor vendor.credentials.file is set: every signed call will be refused");
		}
		return consumerKey -> {
			if (consumerKey != null && !key.isEmpty() && key.equals(consumerKey)) {
				return new Credentials(key, secret);
			}
			String fileSecret = consumerKey == null ? null : secretFromFile(file, consumerKey);
			if (fileSecret != null) {
				return new Credentials(consumerKey, fileSecret);
			}
			log.warn("Unknown OAuth consumer key {}", consumerKey);
			return Credentials.invalidCredentials();
		};
	}

	@Bean
	public ApplicationListener<ApplicationReadyEvent> readinessAnnouncer(@Value("${vendor.port.file:}") String portFile) {
		// An anonymous class, not a lambda: Spring needs the generic type to route only ApplicationReadyEvent here.
		return new ApplicationListener<ApplicationReadyEvent>() {
			@Override
			public void onApplicationEvent(ApplicationReadyEvent event) {
				announce(event, portFile);
			}
		};
	}

	private static void announce(ApplicationReadyEvent event, String portFile) {
		String port = event.getApplicationContext().getEnvironment().getProperty("local.server.port");
		if (!portFile.isEmpty()) {
			try {
				Path target = Paths.get(portFile).toAbsolutePath();
				Files.createDirectories(target.getParent());
				Path tmp = Files.createTempFile(target.getParent(), "port", ".tmp");
				Files.write(tmp, port.getBytes(StandardCharsets.US_ASCII));
				Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			} catch (IOException e) {
				throw new IllegalStateException("Cannot write vendor.port.file " + portFile, e);
			}
		}
		log.info("VENDOR_SDK_APP_READY port={}", port);
	}

	private static String secretFromFile(Path file, String consumerKey) {
		if (file == null || !Files.isReadable(file)) {
			return null;
		}
		Properties properties = new Properties();
		try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
			properties.load(reader);
		} catch (IOException e) {
			log.warn("Cannot read vendor.credentials.file {}: {}", file, e.toString());
			return null;
		}
		return properties.getProperty(consumerKey);
	}
}
