package dev.marketplace.catalog.bundle.rest;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;

import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;

import dev.marketplace.catalog.bundle.service.BundleViews.BundleListing;
import dev.marketplace.catalog.bundle.service.BundleViews.BundleListings;
import dev.marketplace.catalog.bundle.service.BundleViews.UserAppInfo;
import dev.marketplace.catalog.bundle.service.BundleViews.UserAppInfos;

/**
 * Writes the storefront's answers as XML when the caller's {@code Accept} prefers it (JAX-RS content negotiation over
 * the resource's {@code @Produces}). A list gets its named root element ({@code <bundles><bundle>...}).
 */
@Provider
@Produces({ MediaType.APPLICATION_XML, MediaType.TEXT_XML })
public class XmlBodyWriter implements MessageBodyWriter<Object> {
    private static final XmlMapper XML = XmlMapper.builder().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return mediaType.getSubtype().equals("xml") && type.getPackageName().startsWith("dev.marketplace.catalog.bundle")
                || List.class.isAssignableFrom(type) && mediaType.getSubtype().equals("xml") && element(genericType) != null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void writeTo(Object entity, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
            MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
        Object document = entity;
        if (entity instanceof List<?> list) {
            Class<?> element = element(genericType);
            document = element == BundleListing.class ? new BundleListings((List<BundleListing>) list)
                    : new UserAppInfos((List<UserAppInfo>) list);
        }
        XML.writeValue(out, document);
    }

    private static Class<?> element(Type genericType) {
        if (genericType instanceof ParameterizedType p && p.getActualTypeArguments().length == 1
                && (p.getActualTypeArguments()[0] == BundleListing.class || p.getActualTypeArguments()[0] == UserAppInfo.class)) {
            return (Class<?>) p.getActualTypeArguments()[0];
        }
        return null;
    }
}
