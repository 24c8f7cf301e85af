import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Container images without a container engine or a registry, run as a single-file program by the JDK
 * ({@code java ImageTool.java ...}); the {@code -Pimages} Maven profile calls it.
 *
 * <ul>
 * <li>{@code base <out.tar> [jdk-home]} writes the runtime base image as a {@code docker save} tarball, the form Jib
 * accepts as a {@code tar://} base: one layer with a Java runtime at {@code /opt/java} ({@code jlink}ed from the JDK
 * running the build, or the whole JDK where it has no jmods), {@code /etc/passwd} with the non-root user 185
 * ({@code jboss}), {@code /home/jboss} and {@code /tmp}. Nothing is pulled from a registry.</li>
 * <li>{@code docker load|inspect|info ...} stands in for the Docker CLI that Quarkus' Jib extension drives when it is
 * not pushing: {@code load} turns the tarball Jib streams into an OCI image layout archive,
 * {@code $OCI_ARCHIVE_DIR/<name>-<tag>.oci.tar}, and writes the manifest digest beside it; {@code inspect} answers
 * what Jib asks about the image it just loaded.</li>
 * </ul>
 */
public class ImageTool {

    static final String RUNTIME_DIR = "opt/java";
    static final int USER_ID = 185;
    /** Modules a Quarkus service on the JVM needs (JDBC, JNDI, JMX, XML, HTTP client, TLS with EC and PKCS#11, JFR). */
    static final String MODULES = "java.se,jdk.unsupported,jdk.crypto.ec,jdk.crypto.cryptoki,jdk.management,"
            + "jdk.management.agent,jdk.naming.dns,jdk.zipfs,jdk.net,jdk.jfr,jdk.localedata";

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("base")) {
            Path jdk = Path.of(args.length > 2 ? args[2] : System.getProperty("java.home"));
            base(Path.of(args[1]), jdk);
        } else if (args.length >= 2 && args[0].equals("docker")) {
            System.exit(docker(List.of(args).subList(1, args.length)));
        } else {
            System.err.println("usage: ImageTool base <out.tar> [jdk-home] | ImageTool docker <load|inspect|info> ...");
            System.exit(2);
        }
    }

    // ---------------------------------------------------------------- base image

    static void base(Path out, Path jdk) throws Exception {
        String stamp = "base-v2 java " + Runtime.version() + " " + jdk.toRealPath() + " " + MODULES;
        Path stampFile = out.resolveSibling(out.getFileName() + ".stamp");
        if (Files.exists(out) && Files.exists(stampFile) && Files.readString(stampFile).equals(stamp)) {
            System.out.println("[images] base image up to date: " + out);
            return;
        }
        Files.createDirectories(out.getParent());
        Path work = Files.createTempDirectory(out.getParent(), "base-");
        try {
            Path runtime = work.resolve("runtime");
            Path jlink = jdk.resolve("bin/jlink");
            boolean linked = false;
            if (Files.isDirectory(jdk.resolve("jmods")) && Files.isExecutable(jlink)) {
                Process p = new ProcessBuilder(jlink.toString(), "--add-modules", MODULES, "--include-locales=en",
                        "--strip-debug", "--no-man-pages", "--no-header-files", "--compress=2",
                        "--output", runtime.toString()).inheritIO().start();
                linked = p.waitFor() == 0;
            }
            if (!linked) {
                System.out.println("[images] no jmods in " + jdk + ": the whole JDK becomes the runtime layer");
                deleteTree(runtime);
                copyTree(jdk, runtime);
            }
            Path layer = work.resolve("layer.tar");
            try (OutputStream os = Files.newOutputStream(layer)) {
                TarWriter tar = new TarWriter(os);
                tar.dir("etc/", 0, 0755);
                tar.file("etc/passwd", 0, 0644, ("root:x:0:0:root:/root:/sbin/nologin\n"
                        + "jboss:x:185:185:jboss:/home/jboss:/sbin/nologin\n"
                        + "nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n").getBytes(StandardCharsets.UTF_8));
                tar.file("etc/group", 0, 0644, "root:x:0:\njboss:x:185:\nnobody:x:65534:\n".getBytes(StandardCharsets.UTF_8));
                tar.file("etc/nsswitch.conf", 0, 0644, "passwd: files\ngroup: files\nhosts: files dns\n"
                        .getBytes(StandardCharsets.UTF_8));
                tar.dir("home/", 0, 0755);
                tar.dir("home/jboss/", USER_ID, 0755);
                tar.dir("tmp/", 0, 01777);
                tar.dir("opt/", 0, 0755);
                tar.tree(runtime, RUNTIME_DIR);
                // the C library and the few others the runtime links, from this machine, at the paths the loader expects
                for (Path lib : sharedLibraries(runtime)) {
                    tar.parents(lib.toString().substring(1));
                    tar.file(lib.toString().substring(1), 0, 0755, lib.toRealPath());
                }
                tar.finish();
            }
            String diffId = "sha256:" + sha256(layer);
            String arch = switch (System.getProperty("os.arch")) {
                case "aarch64", "arm64" -> "arm64";
                default -> "amd64";
            };
            String config = "{\"architecture\":\"" + arch + "\",\"os\":\"linux\",\"config\":{"
                    + "\"Env\":[\"PATH=/" + RUNTIME_DIR + "/bin:/usr/local/bin:/usr/bin:/bin\",\"JAVA_HOME=/" + RUNTIME_DIR + "\","
                    + "\"LANG=C.UTF-8\"],\"User\":\"" + USER_ID + "\",\"WorkingDir\":\"/home/jboss\"},"
                    + "\"rootfs\":{\"type\":\"layers\",\"diff_ids\":[\"" + diffId + "\"]},"
                    + "\"history\":[{\"created_by\":\"ImageTool base: Java " + Runtime.version().feature()
                    + " runtime (" + (linked ? "jlink" : "JDK copy") + "), user 185\"}]}";
            Path tmpOut = work.resolve("base.tar");
            try (OutputStream os = Files.newOutputStream(tmpOut)) {
                TarWriter tar = new TarWriter(os);
                tar.file("config.json", 0, 0644, config.getBytes(StandardCharsets.UTF_8));
                tar.file("manifest.json", 0, 0644, ("[{\"Config\":\"config.json\",\"RepoTags\":[\"marketplace/java-runtime:"
                        + Runtime.version().feature() + "\"],\"Layers\":[\"layer.tar\"]}]").getBytes(StandardCharsets.UTF_8));
                tar.file("layer.tar", 0, 0644, layer);
                tar.finish();
            }
            Files.move(tmpOut, out, StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(stampFile, stamp);
            System.out.println("[images] wrote base image " + out + " (" + Files.size(out) / (1024 * 1024) + " MiB)");
        } finally {
            deleteTree(work);
        }
    }

    /** Native libraries of AWT and sound: a service never loads them, and they would pull X11 into the image. */
    static final Set<String> DESKTOP_LIBRARIES = Set.of("libawt.so", "libawt_xawt.so", "libawt_headless.so",
            "libfontmanager.so", "libjavajpeg.so", "liblcms.so", "libmlib_image.so", "libsplashscreen.so", "libjsound.so",
            "libjawt.so");

    /** What {@code ldd} says the runtime's launcher and libraries load from outside the runtime. */
    static Set<Path> sharedLibraries(Path runtime) throws Exception {
        Set<Path> libraries = new java.util.TreeSet<>();
        List<Path> binaries = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(runtime)) {
            walk.filter(p -> p.toString().endsWith(".so") && !DESKTOP_LIBRARIES.contains(p.getFileName().toString()))
                    .forEach(binaries::add);
        }
        binaries.add(runtime.resolve("bin/java"));
        for (Path binary : binaries) {
            Process p;
            try {
                p = new ProcessBuilder("ldd", binary.toString()).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new IllegalStateException("ldd is needed to find the C library the Java runtime links", e);
            }
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            for (String line : output.split("\n")) {
                String path = null;
                int arrow = line.indexOf("=> /");
                if (arrow >= 0) {
                    path = line.substring(arrow + 3).trim().split(" ")[0];
                } else if (line.trim().startsWith("/")) {
                    path = line.trim().split(" ")[0];
                }
                if (path != null && !path.startsWith(runtime.toString())) {
                    libraries.add(Path.of(path));
                }
            }
        }
        return libraries;
    }

    // ---------------------------------------------------------------- docker CLI stand-in

    static int docker(List<String> args) throws Exception {
        String command = args.isEmpty() ? "" : args.get(0);
        Path dir = Path.of(System.getenv().getOrDefault("OCI_ARCHIVE_DIR", "target"));
        switch (command) {
            case "info" -> {
                String arch = System.getProperty("os.arch").equals("aarch64") ? "aarch64" : "x86_64";
                System.out.println("{\"OSType\":\"linux\",\"Architecture\":\"" + arch + "\"}");
                return 0;
            }
            case "load" -> {
                load(new BufferedInputStream(System.in), dir);
                return 0;
            }
            case "inspect" -> {
                String ref = args.get(args.size() - 1);
                Path details = dir.resolve(".oci-archive-" + fileName(ref) + ".json");
                if (!Files.exists(details)) {
                    System.err.println("Error: No such image: " + ref);
                    return 1;
                }
                System.out.println(Files.readString(details));
                return 0;
            }
            default -> {
                System.err.println("ImageTool docker: only load, inspect and info are supported (got " + args + ")");
                return 1;
            }
        }
    }

    /** Converts the {@code docker save} tarball Jib writes on standard input into an OCI image layout archive. */
    static void load(InputStream in, Path dir) throws Exception {
        Files.createDirectories(dir);
        Path work = Files.createTempDirectory(dir, ".oci-load-");
        try {
            Map<String, Path> entries = new LinkedHashMap<>();
            TarReader.read(in, (name, data) -> {
                Path target = work.resolve("e" + entries.size());
                Files.copy(data, target);
                entries.put(name, target);
            });
            Object manifests = Json.parse(Files.readString(entries.get("manifest.json")));
            @SuppressWarnings("unchecked")
            Map<String, Object> entry = (Map<String, Object>) ((List<?>) manifests).get(0);
            String ref = (String) ((List<?>) entry.get("RepoTags")).get(0);
            Path configFile = entries.get((String) entry.get("Config"));
            byte[] config = Files.readAllBytes(configFile);
            @SuppressWarnings("unchecked")
            Map<String, Object> rootfs = (Map<String, Object>) ((Map<String, Object>) Json.parse(
                    new String(config, StandardCharsets.UTF_8))).get("rootfs");
            List<?> diffIds = (List<?>) rootfs.get("diff_ids");

            Map<String, Path> blobs = new TreeMap<>();
            StringBuilder layers = new StringBuilder();
            long size = 0;
            for (Object layerName : (List<?>) entry.get("Layers")) {
                Path layer = entries.get((String) layerName);
                if (!isGzip(layer)) {
                    Path gz = work.resolve(layer.getFileName() + ".gz");
                    try (OutputStream os = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
                        Files.copy(layer, os);
                    }
                    layer = gz;
                }
                String digest = "sha256:" + sha256(layer);
                blobs.put(digest, layer);
                size += Files.size(layer);
                if (layers.length() > 0) {
                    layers.append(',');
                }
                layers.append(descriptor("application/vnd.oci.image.layer.v1.tar+gzip", digest, Files.size(layer)));
            }
            String configDigest = "sha256:" + sha256(config);
            blobs.put(configDigest, configFile);
            String manifest = "{\"schemaVersion\":2,\"mediaType\":\"application/vnd.oci.image.manifest.v1+json\","
                    + "\"config\":" + descriptor("application/vnd.oci.image.config.v1+json", configDigest, config.length)
                    + ",\"layers\":[" + layers + "]}";
            byte[] manifestBytes = manifest.getBytes(StandardCharsets.UTF_8);
            String manifestDigest = "sha256:" + sha256(manifestBytes);
            String tag = ref.substring(ref.lastIndexOf(':') + 1);
            String index = "{\"schemaVersion\":2,\"mediaType\":\"application/vnd.oci.image.index.v1+json\",\"manifests\":[{"
                    + "\"mediaType\":\"application/vnd.oci.image.manifest.v1+json\",\"digest\":\"" + manifestDigest
                    + "\",\"size\":" + manifestBytes.length + ",\"annotations\":{\"org.opencontainers.image.ref.name\":\""
                    + tag + "\",\"io.containerd.image.name\":\"" + ref + "\"}}]}";

            Path archive = dir.resolve(fileName(ref) + ".oci.tar");
            Path tmp = work.resolve("out.tar");
            try (OutputStream os = Files.newOutputStream(tmp)) {
                TarWriter tar = new TarWriter(os);
                tar.file("oci-layout", 0, 0644, "{\"imageLayoutVersion\":\"1.0.0\"}".getBytes(StandardCharsets.UTF_8));
                tar.file("index.json", 0, 0644, index.getBytes(StandardCharsets.UTF_8));
                tar.dir("blobs/", 0, 0755);
                tar.dir("blobs/sha256/", 0, 0755);
                tar.file("blobs/sha256/" + manifestDigest.substring(7), 0, 0644, manifestBytes);
                for (Map.Entry<String, Path> blob : blobs.entrySet()) {
                    tar.file("blobs/sha256/" + blob.getKey().substring(7), 0, 0644, blob.getValue());
                }
                tar.finish();
            }
            Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(dir.resolve(fileName(ref) + ".oci.digest"), manifestDigest + "\n");
            StringBuilder ids = new StringBuilder();
            for (Object id : diffIds) {
                ids.append(ids.length() == 0 ? "" : ",").append('"').append(id).append('"');
            }
            Files.writeString(dir.resolve(".oci-archive-" + fileName(ref) + ".json"), "{\"Id\":\"" + configDigest
                    + "\",\"Size\":" + size + ",\"RootFS\":{\"Type\":\"layers\",\"Layers\":[" + ids + "]}}");
            System.out.println("Loaded image: " + ref);
            System.out.println("Wrote OCI image layout " + archive + " (manifest " + manifestDigest + ")");
        } finally {
            deleteTree(work);
        }
    }

    static String descriptor(String mediaType, String digest, long size) {
        return "{\"mediaType\":\"" + mediaType + "\",\"digest\":\"" + digest + "\",\"size\":" + size + "}";
    }

    /** {@code registry/marketplace/gateway:1.0.0} becomes {@code gateway-1.0.0}. */
    static String fileName(String ref) {
        String name = ref;
        int at = name.indexOf('@');
        if (at >= 0) {
            name = name.substring(0, at);
        }
        int colon = name.lastIndexOf(':');
        String tag = colon > name.lastIndexOf('/') ? name.substring(colon + 1) : "latest";
        String repo = colon > name.lastIndexOf('/') ? name.substring(0, colon) : name;
        return repo.substring(repo.lastIndexOf('/') + 1) + "-" + tag;
    }

    static boolean isGzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    static String sha256(Path file) throws IOException {
        MessageDigest md = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    // symbolic links inside the JDK (Debian's cacerts) are resolved into regular files
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    // ---------------------------------------------------------------- tar (POSIX ustar, PAX for long names)

    static final class TarWriter {
        private final OutputStream out;

        TarWriter(OutputStream out) {
            this.out = out;
        }

        void dir(String name, int owner, int mode) throws IOException {
            dirs.add(name);
            header(name, owner, mode, 0, '5');
        }

        void file(String name, int owner, int mode, byte[] data) throws IOException {
            header(name, owner, mode, data.length, '0');
            out.write(data);
            pad(data.length);
        }

        void file(String name, int owner, int mode, Path data) throws IOException {
            long size = Files.size(data);
            header(name, owner, mode, size, '0');
            Files.copy(data, out);
            pad(size);
        }

        /** Adds a directory tree below {@code prefix}, owned by root, keeping the executable bits. */
        void tree(Path root, String prefix) throws IOException {
            List<Path> paths = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(root)) {
                walk.sorted().forEach(paths::add);
            }
            for (Path p : paths) {
                String rel = root.relativize(p).toString();
                String name = rel.isEmpty() ? prefix : prefix + "/" + rel;
                if (Files.isDirectory(p)) {
                    dir(name + "/", 0, 0755);
                } else {
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                    int mode = perms.contains(PosixFilePermission.OWNER_EXECUTE) ? 0755 : 0644;
                    file(name, 0, mode, p.toRealPath());
                }
            }
        }

        private final Set<String> dirs = new java.util.HashSet<>();

        /** Adds the directories above {@code name} that were not added yet. */
        void parents(String name) throws IOException {
            int slash = name.indexOf('/');
            while (slash > 0) {
                String dir = name.substring(0, slash + 1);
                if (dirs.add(dir)) {
                    dir(dir, 0, 0755);
                }
                slash = name.indexOf('/', slash + 1);
            }
        }

        void finish() throws IOException {
            out.write(new byte[1024]);
            out.flush();
        }

        private void header(String name, int owner, int mode, long size, char type) throws IOException {
            byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
            if (nameBytes.length > 100) {
                String record = " path=" + name + "\n";
                int len = record.getBytes(StandardCharsets.UTF_8).length;
                int total = len + String.valueOf(len).length();
                if (String.valueOf(total).length() > String.valueOf(len).length()) {
                    total++;
                }
                byte[] pax = (total + record).getBytes(StandardCharsets.UTF_8);
                writeHeader("PaxHeader", 0, 0644, pax.length, 'x');
                out.write(pax);
                pad(pax.length);
                name = name.substring(0, 99);
            }
            writeHeader(name, owner, mode, size, type);
        }

        private void writeHeader(String name, int owner, int mode, long size, char type) throws IOException {
            byte[] h = new byte[512];
            put(h, 0, 100, name);
            put(h, 100, 8, octal(mode, 7));
            put(h, 108, 8, octal(owner, 7));
            put(h, 116, 8, octal(owner, 7));
            put(h, 124, 12, octal(size, 11));
            put(h, 136, 12, octal(0, 11)); // mtime: reproducible layers
            for (int i = 148; i < 156; i++) {
                h[i] = ' ';
            }
            h[156] = (byte) type;
            put(h, 257, 6, "ustar");
            put(h, 263, 2, "00");
            long sum = 0;
            for (byte b : h) {
                sum += b & 0xff;
            }
            put(h, 148, 8, octal(sum, 6) + "\0 ");
            out.write(h);
        }

        private void pad(long size) throws IOException {
            int rest = (int) (size % 512);
            if (rest != 0) {
                out.write(new byte[512 - rest]);
            }
        }

        private static String octal(long value, int digits) {
            String s = Long.toOctalString(value);
            return "0".repeat(Math.max(0, digits - s.length())) + s;
        }

        private static void put(byte[] h, int offset, int length, String value) {
            byte[] b = value.getBytes(StandardCharsets.UTF_8);
            System.arraycopy(b, 0, h, offset, Math.min(length, b.length));
        }
    }

    interface EntryHandler {
        void accept(String name, InputStream data) throws IOException;
    }

    static final class TarReader {
        static void read(InputStream in, EntryHandler handler) throws IOException {
            String paxPath = null;
            byte[] h = new byte[512];
            while (readFully(in, h)) {
                if (isZero(h)) {
                    break;
                }
                String name = string(h, 0, 100);
                String prefix = string(h, 345, 155);
                if (!prefix.isEmpty()) {
                    name = prefix + "/" + name;
                }
                long size = Long.parseLong(string(h, 124, 12).trim().isEmpty() ? "0" : string(h, 124, 12).trim(), 8);
                char type = (char) h[156];
                byte[] content = null;
                if (type == 'x' || type == 'L') {
                    ByteArrayOutputStream buf = new ByteArrayOutputStream();
                    copy(in, buf, size);
                    content = buf.toByteArray();
                    skipPad(in, size);
                    String text = new String(content, StandardCharsets.UTF_8);
                    if (type == 'L') {
                        paxPath = text.replace("\0", "");
                    } else {
                        for (String line : text.split("\n")) {
                            int eq = line.indexOf(" path=");
                            if (eq >= 0) {
                                paxPath = line.substring(eq + 6);
                            }
                        }
                    }
                    continue;
                }
                if (paxPath != null) {
                    name = paxPath;
                    paxPath = null;
                }
                if (type == '0' || type == 0) {
                    BoundedInputStream data = new BoundedInputStream(in, size);
                    handler.accept(name, data);
                    data.skipRest();
                    skipPad(in, size);
                } else {
                    in.skipNBytes(size + (size % 512 == 0 ? 0 : 512 - size % 512));
                }
            }
            in.transferTo(OutputStream.nullOutputStream());
        }

        private static boolean isZero(byte[] h) {
            for (byte b : h) {
                if (b != 0) {
                    return false;
                }
            }
            return true;
        }

        private static boolean readFully(InputStream in, byte[] buf) throws IOException {
            int n = in.readNBytes(buf, 0, buf.length);
            return n == buf.length;
        }

        private static void skipPad(InputStream in, long size) throws IOException {
            long rest = size % 512;
            if (rest != 0) {
                in.skipNBytes(512 - rest);
            }
        }

        private static void copy(InputStream in, OutputStream out, long size) throws IOException {
            new BoundedInputStream(in, size).transferTo(out);
        }

        private static String string(byte[] h, int offset, int length) {
            int end = offset;
            while (end < offset + length && h[end] != 0) {
                end++;
            }
            return new String(h, offset, end - offset, StandardCharsets.UTF_8);
        }
    }

    static final class BoundedInputStream extends InputStream {
        private final InputStream in;
        private long remaining;

        BoundedInputStream(InputStream in, long size) {
            this.in = in;
            this.remaining = size;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                remaining--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n > 0) {
                remaining -= n;
            }
            return n;
        }

        void skipRest() throws IOException {
            in.skipNBytes(remaining);
            remaining = 0;
        }

        @Override
        public void close() {
            // the tar stream stays open for the next entry
        }
    }

    /** Just enough JSON for the manifests and image configurations Jib writes. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String text) {
            Json p = new Json(text);
            Object v = p.value();
            return v;
        }

        private Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                ws();
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    ws();
                    String k = str();
                    ws();
                    i++; // :
                    m.put(k, value());
                    ws();
                    if (s.charAt(i++) == '}') {
                        return m;
                    }
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                ws();
                if (s.charAt(i) == ']') {
                    i++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(i++) == ']') {
                        return l;
                    }
                }
            }
            if (c == '"') {
                return str();
            }
            int start = i;
            while (i < s.length() && ",}] \n\r\t".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String word = s.substring(start, i);
            return switch (word) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                case "null" -> null;
                default -> Double.valueOf(word);
            };
        }

        private String str() {
            StringBuilder b = new StringBuilder();
            i++; // opening quote
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'b' -> b.append('\b');
                        case 'f' -> b.append('\f');
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> b.append(e);
                    }
                } else {
                    b.append(c);
                }
            }
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
