package dev.ycsbdriver.cpu;
public record CpuSample(long elapsedMillis, long windowMillis, double serverPercent, double driverPercent, double machinePercent) {}
