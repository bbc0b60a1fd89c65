import * as Linking from 'expo-linking';
import * as Location from 'expo-location';
import React, {useEffect, useState} from 'react';
import {Text, View} from 'react-native';

// tandem://dock/<id> and https://tandem.example.org/dock/<id> open a docking station.
export default function App() {
  const url = Linking.useURL();
  const [near, setNear] = useState<string>('Locating…');
  useEffect(() => {
    Location.requestForegroundPermissionsAsync().then(async ({granted}) => {
      if (granted) {
        const here = await Location.getCurrentPositionAsync();
        setNear(`${here.coords.latitude.toFixed(3)}, ${here.coords.longitude.toFixed(3)}`);
      }
    });
  }, []);
  return (
    <View style={{flex: 1, alignItems: 'center', justifyContent: 'center'}}>
      <Text>Bikes near {near}</Text>
      {url ? <Text>Opened from {url}</Text> : null}
    </View>
  );
}
