import type {ConfigContext, ExpoConfig} from 'expo/config';

const variant = process.env.APP_VARIANT ?? 'production';
const suffix = variant === 'production' ? '' : `.${variant}`;

// Evaluated by the Expo CLI at prebuild/EAS build time; the values depend on the environment.
export default ({config}: ConfigContext): ExpoConfig => ({
  ...config,
  name: variant === 'production' ? 'Waypoint' : `Waypoint (${variant})`,
  slug: 'waypoint',
  version: '0.2.0',
  scheme: 'waypoint',
  ios: {
    bundleIdentifier: `com.example.waypoint${suffix}`,
    supportsTablet: true,
    infoPlist: {
      NSLocationWhenInUseUsageDescription: 'Waypoint records the places you pin on a hike.',
    },
  },
  plugins: ['expo-location'],
  extra: {apiUrl: process.env.WAYPOINT_API_URL},
});
